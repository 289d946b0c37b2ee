import { zodResolver } from '@hookform/resolvers/zod';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { type FieldPath, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import type { CustomerMatch } from '#shared/contracts/customers.ts';
import {
  type CreateOrderRequest,
  ORDER_MAX_LINES,
  OrderDetailsSchema,
  ShippingAddressInputSchema,
} from '#shared/contracts/orders.ts';
import { formatPhone } from '#shared/phone.ts';
import { GOVERNORATE_NAMES, GOVERNORATES, type Governorate, taxLineLabel } from '#shared/shop-settings.ts';
import { CustomerLookup } from '#web/admin/shared/customer-lookup.tsx';
import { ApiError } from '#web/lib/api-client.ts';
import { useShopSettings } from '#web/lib/shop-settings.ts';
import { toast } from '#web/lib/toast.ts';
import { SelectField, TextAreaField } from '#web/ui/form-field.tsx';
import { AddressFields, ContactFields } from '../ui/customer-fields.tsx';
import { DetailCard, DetailColumns, DetailHeader } from '../ui/detail-layout.tsx';
import { fieldBinder } from '../ui/form-fields.ts';
import { money } from '../ui/format.ts';
import { useUnsavedChangesGuard } from '../ui/use-unsaved-changes.tsx';
import { ADMIN_ORDERS_KEY, calculateOrder, createOrder, errorMessage, invalidateOrders } from './order-api.ts';
import { TotalRows } from './order-lines.tsx';
import { addProduct, type DraftLine, LinesEditor, orderLinesOf, ProductPicker } from './order-lines-editor.tsx';
import { OrderPromoField } from './order-promo-field.tsx';

/** The delivery zone select's answer for a counter sale: collected at the shop, no delivery charged. */
const COLLECTED = 'collected';
export const ZONE_MESSAGE = 'Choose the governorate, or "Collected at the shop"';

/**
 * The form's details: the order's, with the delivery zone asked as checkout asks it (one of the
 * governorates, required) or explicitly none for a counter sale (`POST /admin/orders` takes the
 * zone as optional: docs/product.md#checkout-zone-and-payment).
 */
const StaffDetailsSchema = OrderDetailsSchema.extend({
  shipping_address: ShippingAddressInputSchema.extend({
    governorate: z.enum([...GOVERNORATES, COLLECTED], { error: ZONE_MESSAGE }),
  }).strict(),
}).strict();
type StaffDetailsInput = z.input<typeof StaffDetailsSchema>;
type StaffDetails = z.output<typeof StaffDetailsSchema>;

const EMPTY_DETAILS = {
  customer: { name: '', phone: '', email: '' },
  // No zone chosen yet: the select starts on its prompt and must be answered.
  shipping_address: { city: '', street: '', building: '', floor: '', notes: '', governorate: '' },
  payment_method: 'cash_on_delivery',
  notes: '',
} as unknown as StaffDetailsInput;

const FORM_FIELD =
  /^(customer\.(name|phone|email)|shipping_address\.(city|street|building|floor|notes|governorate)|notes)$/;

/** The zone to price and send: a governorate, or none for a counter sale (or while unanswered). */
function zoneOf(value: string | undefined): Governorate | undefined {
  return (GOVERNORATES as readonly string[]).includes(value ?? '') ? (value as Governorate) : undefined;
}

function newKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * `/admin/orders/new`: an order for a phone or shop-counter customer. Same rules as the checkout:
 * the shared schema checks the details, `POST /orders/calculate` prices the lines live, and
 * `POST /admin/orders` places it with the checkout's pricing, tax and stock rules.
 */
export function NewOrderPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [lines, setLines] = useState<DraftLine[]>([]);
  const [linesError, setLinesError] = useState<string | null>(null);
  // One key per distinct body: a retry of the same order never places it twice, a changed one gets a new key.
  const attempt = useRef<{ body: string; key: string } | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    setFocus,
    clearErrors,
    watch,
    formState: { errors, isDirty, isSubmitting },
  } = useForm<StaffDetailsInput, unknown, StaffDetails>({
    resolver: zodResolver(StaffDetailsSchema),
    defaultValues: EMPTY_DETAILS,
    mode: 'onTouched',
  });
  const field = fieldBinder(register, errors);
  const [placed, setPlaced] = useState(false);
  const leaveGuard = useUnsavedChangesGuard((isDirty || lines.length > 0) && !isSubmitting && !placed);

  const items = orderLinesOf(lines);
  // The delivery follows the zone (its rate, free from the threshold), priced by the server.
  const zone = zoneOf(watch('shipping_address.governorate'));
  const terms = useShopSettings();
  // The promo code: typed, then applied (sent with the calculation, which says what it takes off
  // or why not); a refusal when placing (the code ran out meanwhile) drops it with its message.
  const [promoText, setPromoText] = useState('');
  const [promoCode, setPromoCode] = useState<string | null>(null);
  const [placementPromoError, setPlacementPromoError] = useState<string | null>(null);
  const calculation = useQuery({
    queryKey: [...ADMIN_ORDERS_KEY, 'calculate', items, promoCode, zone ?? null],
    queryFn: ({ signal }) => calculateOrder(items, promoCode, zone, signal),
    enabled: items.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
  const totals = items.length > 0 ? calculation.data : undefined;
  const unavailable = totals ? totals.unavailable.length : 0;
  const appliedPromo = promoCode && totals?.promo?.code === promoCode ? totals.promo : null;
  const promoError =
    placementPromoError ?? (promoCode && !calculation.isFetching ? (totals?.promo_error ?? null) : null);
  const applyPromo = () => {
    const code = promoText.trim();
    setPlacementPromoError(null);
    setPromoCode(code === '' ? null : code);
  };
  const removePromo = () => {
    setPromoCode(null);
    setPromoText('');
    setPlacementPromoError(null);
  };

  // A customer found by phone or name fills the contact and their last (or default) address; all
  // stay editable. "New customer" keeps what was typed in the phone or name field.
  const fill = (path: FieldPath<StaffDetailsInput>, value: string) =>
    setValue(path, value, { shouldDirty: true, shouldValidate: false });
  const chooseCustomer = (match: CustomerMatch) => {
    fill('customer.name', match.name);
    fill('customer.phone', match.phone ? formatPhone(match.phone) : '');
    fill('customer.email', match.email ?? '');
    clearErrors(['customer.name', 'customer.phone', 'customer.email']);
    const address = match.address;
    if (!address) return;
    fill('shipping_address.city', address.city);
    fill('shipping_address.street', address.street);
    fill('shipping_address.building', address.building ?? '');
    fill('shipping_address.floor', address.floor ?? '');
    fill('shipping_address.notes', address.notes ?? '');
    if (address.governorate) fill('shipping_address.governorate', address.governorate);
    clearErrors('shipping_address');
  };
  const newCustomer = (typed: { name: string } | { phone: string }) => {
    if ('phone' in typed) {
      fill('customer.phone', typed.phone);
      setFocus('customer.name');
    } else {
      fill('customer.name', typed.name);
      setFocus('customer.phone');
    }
  };

  const changeLines = (next: DraftLine[]) => {
    setLines(next);
    if (next.length > 0) setLinesError(null);
  };

  const submit = async (form: StaffDetails) => {
    const { governorate, ...address } = form.shipping_address;
    const details: Omit<CreateOrderRequest, 'items' | 'promo_code'> = {
      ...form,
      shipping_address: { ...address, ...(zoneOf(governorate) ? { governorate: zoneOf(governorate) } : {}) },
    };
    if (lines.length === 0) {
      setLinesError('Add at least one product');
      return;
    }
    if (unavailable > 0) {
      setLinesError('Fix or remove the lines that cannot be ordered');
      return;
    }
    const body = { ...details, items, ...(appliedPromo ? { promo_code: appliedPromo.code } : {}) };
    const bodyText = JSON.stringify(body);
    if (attempt.current?.body !== bodyText) attempt.current = { body: bodyText, key: newKey() };
    try {
      const order = await createOrder(body, attempt.current.key);
      setPlaced(true);
      toast({ variant: 'success', title: `Order ${order.order_number} created` });
      void invalidateOrders(queryClient);
      navigate(`/admin/orders/${order.id}`);
    } catch (error) {
      const fieldErrors = error instanceof ApiError ? error.errors.filter((item) => FORM_FIELD.test(item.path)) : [];
      for (const item of fieldErrors) {
        setError(item.path as FieldPath<StaffDetailsInput>, { message: item.message }, { shouldFocus: true });
      }
      const promoRefusal = error instanceof ApiError && error.errors.find((item) => item.path === 'promo_code');
      if (promoRefusal) {
        setPromoCode(null);
        setPlacementPromoError(promoRefusal.message);
      }
      // Stock or prices moved since the last calculation: show the lines as they are now.
      void calculation.refetch();
      toast({ variant: 'error', title: errorMessage(error, 'Could not create the order') });
    }
  };
  const onInvalid = () => {
    if (lines.length === 0) setLinesError('Add at least one product');
    toast({ variant: 'error', title: 'Check the highlighted fields', id: 'new-order-invalid' });
  };

  return (
    <>
      <DetailHeader title="New order" back={{ to: '/admin/orders', label: 'All orders' }} />
      {leaveGuard}
      <form noValidate onSubmit={handleSubmit(submit, onInvalid)}>
        <DetailColumns
          main={
            <>
              <DetailCard
                stack
                title="Products"
                description="Prices, tax and stock are checked the same way as at checkout."
              >
                <ProductPicker
                  disabled={lines.length >= ORDER_MAX_LINES}
                  onAdd={(product) => changeLines(addProduct(lines, product))}
                />
                <LinesEditor lines={lines} calculation={totals} onChange={changeLines} />
                {linesError && (
                  <p role="alert" className="text-sm text-danger">
                    {linesError}
                  </p>
                )}
              </DetailCard>
              <DetailCard stack title="Customer">
                <CustomerLookup onChoose={chooseCustomer} onNew={newCustomer} />
                <ContactFields nameLabel="Full name" field={(key) => field(`customer.${key}`)} />
              </DetailCard>
              <DetailCard stack title="Delivery address">
                <SelectField
                  label="Delivery zone"
                  hint="The delivery cost follows the governorate, as at checkout."
                  {...field('shipping_address.governorate')}
                >
                  <option value="">Choose the governorate</option>
                  {GOVERNORATES.map((key) => {
                    const rate = terms.data?.delivery.zones.find((entry) => entry.zone === key)?.rate;
                    return (
                      <option key={key} value={key}>
                        {GOVERNORATE_NAMES[key]}
                        {rate === undefined ? '' : ` (${rate === 0 ? 'free delivery' : money(rate)})`}
                      </option>
                    );
                  })}
                  <option value={COLLECTED}>Collected at the shop (no delivery)</option>
                </SelectField>
                <AddressFields field={(key) => field(`shipping_address.${key}`)} />
              </DetailCard>
              <DetailCard stack title="Order notes">
                <TextAreaField
                  label="Notes"
                  optional
                  rows={3}
                  hint="Shown on the order and the packing slip."
                  {...field('notes')}
                />
              </DetailCard>
            </>
          }
          side={
            <aside aria-label="Order summary" className="card space-y-4 p-5 sm:p-6 lg:sticky lg:top-22">
              <h2 className="text-base font-semibold text-strong">Summary</h2>
              <dl className="space-y-1.5 text-sm" aria-busy={calculation.isFetching}>
                <TotalRows
                  figures={totals && { ...totals, promoCode: totals.promo ? totals.promo.code : null }}
                  taxLabel={
                    totals
                      ? taxLineLabel({
                          label: totals.tax_label,
                          rate: totals.tax_rate,
                          prices_include_tax: totals.prices_include_tax,
                        })
                      : 'Tax'
                  }
                  shippingLabel={totals?.delivery ? `Delivery (${totals.delivery.name})` : 'Delivery'}
                />
              </dl>
              <OrderPromoField
                text={promoText}
                onTextChange={(text) => {
                  setPromoText(text);
                  setPlacementPromoError(null);
                }}
                applied={promoCode}
                promo={appliedPromo}
                error={items.length > 0 || placementPromoError ? promoError : null}
                busy={promoCode !== null && calculation.isFetching}
                onApply={applyPromo}
                onRemove={removePromo}
              />
              {calculation.isError && items.length > 0 && (
                <p role="alert" className="text-sm text-danger">
                  {errorMessage(calculation.error, 'Could not price the order')}
                </p>
              )}
              {unavailable > 0 && (
                <p className="text-sm text-danger">
                  {unavailable === 1 ? 'One line cannot' : `${unavailable} lines cannot`} be ordered as it is.
                </p>
              )}
              <p className="text-xs text-muted">
                Payment: cash on delivery. Delivery is charged at the zone's rate; none when collected at the shop.
              </p>
              <button type="submit" className="btn-primary w-full" disabled={isSubmitting}>
                {isSubmitting ? 'Creating…' : 'Create order'}
              </button>
            </aside>
          }
        />
      </form>
    </>
  );
}
