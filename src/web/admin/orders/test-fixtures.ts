import { createElement, type ReactElement } from 'react';
import { Route, Routes } from 'react-router';
import type { AdminOrder, AdminOrderListItem } from '#shared/contracts/admin-orders.ts';
import { OrderDetailPage } from './order-detail-page.tsx';

/** Sample orders for the orders screens' tests; the admin tests' shared setup comes with them. */
export { signIn } from '#web/test/admin.tsx';
export { type Call, errorBody, json, stubApi } from '#web/test/api.ts';

export const ORDER_ID = '00000000-0000-4000-8000-0000000000a1';

/** The order screen at its route, and the address of ORDER_ID's: what `mountScreen` takes. */
export function orderDetailScreen(): [ReactElement, string] {
  return [
    createElement(
      Routes,
      null,
      createElement(Route, { path: '/admin/orders/:id', element: createElement(OrderDetailPage) }),
    ),
    `/admin/orders/${ORDER_ID}`,
  ];
}
export const PRODUCT_ID = '00000000-0000-4000-8000-0000000000b1';
export const CUSTOMER_ID = '00000000-0000-4000-8000-0000000000c1';

export function listItem(extra: Partial<AdminOrderListItem> = {}): AdminOrderListItem {
  return {
    id: ORDER_ID,
    order_number: 'CS-10042',
    status: 'pending',
    payment_status: 'pending',
    customer: { id: CUSTOMER_ID, name: 'Rami Haddad', phone: '+9613123456', email: 'rami@example.com' },
    item_count: 3,
    total: 55.5,
    refunded_amount: 0,
    created_at: '2026-11-20T10:00:00.000Z',
    updated_at: '2026-11-20T10:00:00.000Z',
    ...extra,
  };
}

/** The same order as `listItem()` (its row in the list), opened: lines, address, totals and history. */
export function adminOrder(extra: Partial<AdminOrder> = {}): AdminOrder {
  const { item_count: _count, ...row } = listItem();
  return {
    ...row,
    payment_method: 'cash_on_delivery',
    shipping_address: { city: 'Beirut', street: 'Bliss Street', building: 'Nour', floor: '3' },
    notes: 'Ring twice',
    promo_discount_type: null,
    promo_discount_value: null,
    promo_code: null,
    items: [
      {
        product_id: PRODUCT_ID,
        variant_id: null,
        name: 'Arduino Uno',
        sku: 'CS-ARD-1',
        image: null,
        unit_price: 25,
        quantity: 2,
        selectedVariations: { Color: 'Blue' },
        line_total: 50,
      },
    ],
    subtotal: 50,
    discount: 0,
    tax: 5.5,
    shipping: 0,
    tax_label: 'VAT',
    tax_rate: 11,
    prices_include_tax: false,
    tax_number: '',
    payment_label: 'Cash on delivery',
    payment_instructions: 'Pay in cash when your order arrives.',
    shipment: null,
    out_for_delivery_at: null,
    internal_notes: null,
    refundable_amount: 0,
    allowed_transitions: ['confirmed', 'cancelled'],
    history: [
      {
        id: '00000000-0000-4000-8000-0000000000d1',
        kind: 'status',
        from_status: null,
        to_status: 'pending',
        note: null,
        changed_by: null,
        created_at: '2026-11-20T10:00:00.000Z',
      },
    ],
    refunds: [],
    source: 'checkout',
    whatsapp_sent_at: null,
    ...extra,
  };
}
