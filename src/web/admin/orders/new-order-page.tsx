import { zodResolver } from '@hookform/resolvers/zod';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { type FieldPath, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import {
  type CreateOrderRequest,
  ORDER_MAX_LINES,
  type OrderDetailsInput,
  OrderDetailsSchema,
} from '#shared/contracts/orders.ts';
import { ApiError } from '#web/lib/api-client.ts';
import { toast } from '#web/lib/toast.ts';
import { TextAreaField } from '#web/ui/form-field.tsx';
import { AddressFields, ContactFields } from '../ui/customer-fields.tsx';
import { DetailCard, DetailColumns, DetailHeader } from '../ui/detail-layout.tsx';
import { fieldBinder } from '../ui/form-fields.ts';
import { useUnsavedChangesGuard } from '../ui/use-unsaved-changes.tsx';
import { ADMIN_ORDERS_KEY, calculateOrder, createOrder, errorMessage, invalidateOrders } from './order-api.ts';
import { TotalRows } from './order-lines.tsx';
import { addProduct, type DraftLine, LinesEditor, orderLinesOf, ProductPicker } from './order-lines-editor.tsx';
import { OrderPromoField } from './order-promo-field.tsx';

const EMPTY_DETAILS: OrderDetailsInput = {
  customer: { name: '', phone: '', email: '' },
  shipping_address: { city: '', street: '', building: '', floor: '', notes: '' },
  payment_method: 'cash_on_delivery',
  notes: '',
};

const FORM_FIELD = /^(customer\.(name|phone|email)|shipping_address\.(city|street|building|floor|notes)|notes)$/;

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
    formState: { errors, isDirty, isSubmitting },
  } = useForm<OrderDetailsInput, unknown, Omit<CreateOrderRequest, 'items' | 'promo_code'>>({
    resolver: zodResolver(OrderDetailsSchema),
    defaultValues: EMPTY_DETAILS,
    mode: 'onTouched',
  });
  const field = fieldBinder(register, errors);
  const [placed, setPlaced] = useState(false);
  const leaveGuard = useUnsavedChangesGuard((isDirty || lines.length > 0) && !isSubmitting && !placed);

  const items = orderLinesOf(lines);
  // The promo code: typed, then applied (sent with the calculation, which says what it takes off
  // or why not); a refusal when placing (the code ran out meanwhile) drops it with its message.
  const [promoText, setPromoText] = useState('');
  const [promoCode, setPromoCode] = useState<string | null>(null);
  const [placementPromoError, setPlacementPromoError] = useState<string | null>(null);
  const calculation = useQuery({
    queryKey: [...ADMIN_ORDERS_KEY, 'calculate', items, promoCode],
    queryFn: ({ signal }) => calculateOrder(items, promoCode, signal),
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

  const changeLines = (next: DraftLine[]) => {
    setLines(next);
    if (next.length > 0) setLinesError(null);
  };

  const submit = async (details: Omit<CreateOrderRequest, 'items' | 'promo_code'>) => {
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
        setError(item.path as FieldPath<OrderDetailsInput>, { message: item.message }, { shouldFocus: true });
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
                <ContactFields nameLabel="Full name" field={(key) => field(`customer.${key}`)} />
              </DetailCard>
              <DetailCard stack title="Delivery address">
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
                <TotalRows figures={totals && { ...totals, promoCode: totals.promo ? totals.promo.code : null }} />
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
                Payment: cash on delivery (no delivery charged for an order entered here).
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
