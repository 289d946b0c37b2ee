import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { CheckoutDetails } from '#shared/contracts/orders.ts';
import { normalizePhone } from '#shared/phone.ts';
import { ApiError } from '#web/lib/api-client.ts';
import { useShopSettings } from '#web/lib/shop-settings.ts';
import { getSiteConfig } from '#web/lib/site-config.ts';
import { dismissToast, toast } from '#web/lib/toast.ts';
import { ADDED_TO_CART_TOAST_ID, adoptVariants, clearCart } from '#web/storefront/cart-kit/cart-actions.ts';
import { setPromoCode } from '#web/storefront/cart-kit/promo-code-store.ts';
import { Breadcrumbs } from '#web/storefront/ui/breadcrumbs.tsx';
import { useCartStore } from '#web/stores/cart-store.ts';
import { Container } from '#web/ui/container.tsx';
import { cartIcon, Icon } from '#web/ui/icons.tsx';
import { InlineError } from '#web/ui/inline-error.tsx';
import { usePageTitle } from '#web/ui/use-page-title.ts';
import { CHECKOUT_FORM_ID, CheckoutFormFields, isCheckoutField, useCheckoutForm } from './checkout-form.tsx';
import { newIdempotencyKey, orderLinesOf, orderQuery, placeOrder } from './checkout-queries.ts';
import { OrderConfirmation } from './order-confirmation.tsx';
import { OrderSummary } from './order-summary.tsx';
import { PhoneOrderSummary } from './phone-order-summary.tsx';
import { PromoCodeField } from './promo-code-field.tsx';
import { SavedAddressPicker, useSignedInCheckout } from './signed-in-checkout.tsx';
import { useCheckoutCalculation } from './use-promo-code.ts';

/**
 * `/checkout`: the form and the order summary; after the order, `/checkout?order={id}&token={t}`
 * shows its confirmation (the token is what lets this browser, and only it, read the order).
 */
export function CheckoutPage() {
  const [params] = useSearchParams();
  const orderId = params.get('order');
  const token = params.get('token');
  // The add-to-cart toast belongs to the page the shopper left: here it would cover "Place order".
  useEffect(() => dismissToast(ADDED_TO_CART_TOAST_ID), []);
  if (orderId && token) return <OrderConfirmation id={orderId} token={token} />;
  return <Checkout />;
}

function Checkout() {
  usePageTitle('Checkout');
  const { currency } = getSiteConfig();
  const items = useCartStore((state) => state.items);
  const lines = useMemo(() => orderLinesOf(items), [items]);
  const form = useCheckoutForm();
  const signedIn = useSignedInCheckout(form);
  const settings = useShopSettings();
  // The delivery zone chosen so far: the summary's delivery cost and total follow it.
  const governorate = form.watch('shipping_address.governorate') || undefined;
  // The phone typed so far, when it is a valid one: validate checks the per-customer limit early.
  const { calculation, promo } = useCheckoutCalculation(
    lines,
    () => normalizePhone(form.getValues('customer.phone') ?? ''),
    governorate,
  );
  // The payment method starts on the first one the shop offers (cash on delivery unless turned off).
  const methods = settings.data?.payment_methods;
  useEffect(() => {
    if (!methods || methods.length === 0) return;
    if (!methods.some((method) => method.method === form.getValues('payment_method'))) {
      form.setValue('payment_method', methods[0]?.method ?? 'cash_on_delivery');
    }
  }, [methods, form]);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // One key per attempt: a retry after a lost answer returns the order already placed.
  const idempotencyKey = useRef(newIdempotencyKey());
  const placing = useRef(false);
  const [isPlacing, setPlacing] = useState(false);
  // A line stored before variants existed takes the variant the server resolved for it (only
  // from an answer to the current lines: a kept previous one may be for other positions).
  useEffect(() => {
    if (calculation.data && !calculation.isPlaceholderData) adoptVariants(calculation.data.items);
  }, [calculation.data, calculation.isPlaceholderData]);
  // The cart actions drop the code when they empty the cart; this covers a cart found empty.
  useEffect(() => {
    if (items.length === 0) setPromoCode(null);
  }, [items.length]);

  if (items.length === 0) return <EmptyCheckout />;
  // Guest checkout turned off by the shop: sign in (or create an account) first.
  if (settings.data && !settings.data.guest_checkout && !signedIn.signedIn) return <SignInToCheckout />;

  const problems = calculation.data?.unavailable.length ?? 0;

  const onValid = async (details: CheckoutDetails) => {
    // A double click or a second Enter while the first request is out does nothing.
    if (placing.current) return;
    if (problems > 0) {
      toast({
        title: 'Some items need your attention',
        description: 'Fix them in the order summary.',
        variant: 'error',
      });
      document.getElementById('order-summary-title')?.scrollIntoView({ block: 'start' });
      return;
    }
    placing.current = true;
    setPlacing(true);
    try {
      const order = signedIn.signedIn
        ? await signedIn.place(details, lines, idempotencyKey.current, promo.applied)
        : await placeOrder(details, lines, idempotencyKey.current, promo.applied);
      queryClient.setQueryData(orderQuery(order.id, order.access_token).queryKey, order);
      await navigate(`/checkout?order=${order.id}&token=${encodeURIComponent(order.access_token)}`, { replace: true });
      // Only now that the order exists does the cart empty.
      await clearCart().catch(() => undefined);
    } catch (error) {
      handleFailure(error);
    } finally {
      placing.current = false;
      setPlacing(false);
    }
  };

  const handleFailure = (error: unknown) => {
    if (!(error instanceof ApiError)) {
      toast({ title: 'Could not place your order', description: 'Please try again.', variant: 'error' });
      return;
    }
    if (error.code === 'OUT_OF_STOCK' || error.errors.some((item) => item.path.startsWith('items'))) {
      toast({ title: error.message, description: error.errors[0]?.message, variant: 'error' });
      void calculation.refetch();
      return;
    }
    // The code was refused at placement (used up meanwhile, say): nothing was ordered. Drop the
    // code with its reason; the summary recalculates without it, and one more click places the
    // order (the form keeps everything; the body changed, so a new attempt key).
    const promoRefusal = error.errors.find((item) => item.path === 'promo_code');
    if (promoRefusal) {
      promo.refuse(promoRefusal.message);
      idempotencyKey.current = newIdempotencyKey();
      toast({
        title: 'Your promo code could not be used',
        description: `${promoRefusal.message.replace(/\.$/, '')}. Your order was not placed: check the new total and place it again.`,
        variant: 'error',
      });
      return;
    }
    const fieldErrors = error.errors.filter((item) => isCheckoutField(item.path));
    if (fieldErrors.length > 0) {
      for (const [index, item] of fieldErrors.entries()) {
        if (isCheckoutField(item.path))
          form.setError(item.path, { message: item.message }, { shouldFocus: index === 0 });
      }
      return;
    }
    if (error.status === 422) idempotencyKey.current = newIdempotencyKey();
    const network = error.code === 'NETWORK_ERROR';
    toast({
      title: network ? 'You seem to be offline' : 'Could not place your order',
      description: network ? 'Your cart is kept. Check your connection and try again.' : error.message,
      variant: 'error',
    });
  };

  return (
    <Container className="py-6 sm:py-10">
      <Breadcrumbs items={[{ to: '/', label: 'Home' }, { to: '/store', label: 'Store' }, { label: 'Checkout' }]} />
      <h1 className="mt-3 text-2xl font-bold tracking-tight text-strong sm:text-3xl">Checkout</h1>
      <p className="mt-1 text-muted">
        {signedIn.signedIn
          ? 'Signed in: this order is saved to your account. We deliver anywhere in Lebanon.'
          : 'Guest checkout: no account needed. We deliver anywhere in Lebanon.'}
      </p>
      <PhoneOrderSummary
        items={items}
        calculation={calculation.data}
        currency={currency}
        promoField={<PromoCodeField promo={promo} currency={currency} />}
      />
      <div className="mt-6 grid gap-6 lg:grid-cols-12 lg:gap-8">
        <div className="space-y-6 lg:col-span-7">
          <SavedAddressPicker checkout={signedIn} />
          <CheckoutFormFields form={form} onValid={onValid} settings={settings.data} currency={currency} />
        </div>
        <div className="lg:col-span-5">
          <div className="lg:sticky lg:top-24">
            {calculation.isError && !calculation.data ? (
              <InlineError title="Could not load your order summary" onRetry={() => void calculation.refetch()} />
            ) : (
              <OrderSummary
                items={items}
                calculation={calculation.data}
                updating={calculation.isFetching}
                currency={currency}
                promoField={<PromoCodeField promo={promo} currency={currency} />}
              >
                <button
                  type="submit"
                  form={CHECKOUT_FORM_ID}
                  disabled={isPlacing || !calculation.data || problems > 0}
                  aria-describedby="place-order-note"
                  className="btn-primary mt-5 h-12 w-full text-base"
                >
                  {isPlacing ? 'Placing your order…' : 'Place order'}
                </button>
                <p id="place-order-note" className="mt-2 text-center text-xs text-muted">
                  {problems > 0
                    ? 'Fix the items marked above to continue.'
                    : calculation.data?.delivery
                      ? `Delivery to ${calculation.data.delivery.name} is included in the total.`
                      : 'Choose your governorate to see the delivery cost.'}
                </p>
              </OrderSummary>
            )}
          </div>
        </div>
      </div>
    </Container>
  );
}

/** The shop takes orders from signed-in shoppers only (guest checkout off in its settings). */
function SignInToCheckout() {
  const next = encodeURIComponent('/checkout');
  return (
    <Container className="flex flex-col items-center py-16 text-center sm:py-24">
      <h1 className="text-2xl font-bold text-strong">Sign in to check out</h1>
      <p className="mt-2 max-w-sm text-muted">
        This shop takes orders from its customers' accounts. Sign in, or create an account in a minute: your cart stays
        as it is.
      </p>
      <div className="mt-6 flex flex-col gap-3 sm:flex-row">
        <Link to={`/login?next=${next}`} className="btn-primary">
          Sign in
        </Link>
        <Link to={`/login?mode=signup&next=${next}`} className="btn-secondary">
          Create an account
        </Link>
      </div>
    </Container>
  );
}

function EmptyCheckout() {
  return (
    <Container className="flex flex-col items-center py-16 text-center sm:py-24">
      <span className="flex size-16 items-center justify-center rounded-full bg-accent-soft text-accent">
        <Icon d={cartIcon} className="size-8" />
      </span>
      <h1 className="mt-4 text-2xl font-bold text-strong">Your cart is empty</h1>
      <p className="mt-2 max-w-sm text-muted">Add something from the store, then come back here to check out.</p>
      <Link to="/store" className="btn-primary mt-6">
        Browse the store
      </Link>
    </Container>
  );
}
