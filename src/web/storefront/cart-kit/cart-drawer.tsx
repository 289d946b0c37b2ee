import { useEffect, useId } from 'react';
import { Link } from 'react-router';
import { formatMoney, fromCents, lineTotalCents, sumCents, toCents } from '#shared/money.ts';
import { getSiteConfig } from '#web/lib/site-config.ts';
import { ProductImage } from '#web/storefront/catalogue-kit/product-image.tsx';
import { useModalDialog } from '#web/storefront/modal/use-modal-dialog.ts';
import { LbpPrice } from '#web/storefront/ui/lbp-price.tsx';
import { prefetchScreen } from '#web/storefront/ui/prefetch-screen.ts';
import { type CartItem, useCartStore } from '#web/stores/cart-store.ts';
import { cartIcon, Icon } from '#web/ui/icons.tsx';
import { linePath, optionsText, removeFromCart } from './cart-actions.ts';
import { LineQuantityStepper } from './line-quantity-stepper.tsx';
import { useCartSyncStatus } from './sync/sync-status.ts';

const closeIcon = 'M6 6l12 12M18 6 6 18';
const trashIcon = 'M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3';

export interface CartDrawerProps {
  /** Called once the drawer has closed (Escape, the close button, the backdrop, or a link in it). */
  onClose: () => void;
}

/** Subtotal of the lines at the prices the cart holds (checkout re-prices on the server). */
export function cartSubtotal(items: readonly CartItem[]): number {
  return fromCents(sumCents(items.map((item) => lineTotalCents(toCents(item.price), item.quantity))));
}

/**
 * The cart as a side sheet in a native modal <dialog> (focus moves in and stays; Escape closes).
 * Lines with image, choices, quantity stepper and line total; the subtotal; the way to checkout.
 */
export function CartDrawer({ onClose }: CartDrawerProps) {
  const { ref, close, closeOnBackdrop } = useModalDialog();
  const titleId = useId();
  const { currency } = getSiteConfig();
  const items = useCartStore((state) => state.items);
  const count = items.reduce((sum, item) => sum + item.quantity, 0);

  // A shopper who opens the cart is likely to check out: fetch that screen's code now.
  useEffect(() => prefetchScreen('checkout', 300), []);

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: a click on the backdrop closes it; Escape and the close button do the same from the keyboard
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onClose={onClose}
      onClick={closeOnBackdrop}
      className="m-0 ml-auto h-dvh max-h-none w-full max-w-md bg-page text-fg backdrop:bg-black/50"
    >
      <div className="flex h-full flex-col">
        <div className="flex items-center justify-between border-b border-line px-4 py-3 sm:px-6">
          <h2 id={titleId} className="text-lg font-semibold">
            Your cart{count > 0 && <span className="font-normal text-muted"> ({count})</span>}
          </h2>
          <button type="button" onClick={close} className="icon-btn" aria-label="Close cart">
            <Icon d={closeIcon} />
          </button>
        </div>

        <SyncConflict />
        {items.length === 0 ? (
          <div className="flex flex-1 flex-col items-center justify-center gap-4 px-6 text-center">
            <span className="flex size-16 items-center justify-center rounded-full bg-accent-soft text-accent">
              <Icon d={cartIcon} className="size-8" />
            </span>
            <p className="text-lg font-semibold">Your cart is empty</p>
            <p className="text-muted">Find something you like in the store.</p>
            <Link to="/store" onClick={close} className="btn-primary">
              Browse the store
            </Link>
          </div>
        ) : (
          <>
            <ul className="flex-1 divide-y divide-line overflow-y-auto px-4 sm:px-6">
              {items.map((item) => (
                <CartLine key={item.id} item={item} currency={currency} onNavigate={close} />
              ))}
            </ul>
            <div className="border-t border-line px-4 py-4 sm:px-6">
              <p className="flex items-baseline justify-between text-base">
                <span>Subtotal</span>
                <span className="font-semibold text-strong tabular-nums">
                  {formatMoney(cartSubtotal(items), currency)}
                </span>
              </p>
              <p className="text-right">
                <LbpPrice amount={cartSubtotal(items)} />
              </p>
              <p className="mt-1 text-sm text-muted">Tax and delivery are worked out at checkout.</p>
              <Link to="/checkout" onClick={close} className="btn-primary mt-4 h-12 w-full text-base">
                Checkout
              </Link>
              <button type="button" onClick={close} className="btn-secondary mt-2 w-full">
                Continue shopping
              </button>
            </div>
          </>
        )}
      </div>
    </dialog>
  );
}

/**
 * The cart sync's conflict (docs/product.md#cart-sync): a change could not be saved to the account
 * after its retries. The shopper picks which cart to keep; until then both keep merging.
 */
function SyncConflict() {
  const { conflict, resolving } = useCartSyncStatus();
  if (!conflict) return null;
  const resolve = (choice: 'keepThisDevice' | 'takeSavedCart') =>
    void import('./sync/cart-sync.ts').then((sync) => sync[choice]()).catch(() => undefined);
  return (
    <div role="alert" className="mx-4 mt-4 rounded-xl border border-line bg-accent-soft p-4 text-sm sm:mx-6">
      <p className="font-semibold text-strong">Your cart could not be saved to your account</p>
      <p className="mt-1 text-muted">This device and your saved cart may differ. Which one should we keep?</p>
      <div className="mt-3 grid gap-2">
        <button type="button" disabled={resolving} onClick={() => resolve('keepThisDevice')} className="btn-primary">
          Keep this device's cart
        </button>
        <button type="button" disabled={resolving} onClick={() => resolve('takeSavedCart')} className="btn-secondary">
          Use the saved cart
        </button>
      </div>
    </div>
  );
}

function CartLine({ item, currency, onNavigate }: { item: CartItem; currency: string; onNavigate: () => void }) {
  const options = optionsText(item.selectedVariations);
  return (
    <li className="flex gap-3 py-4">
      <div className="w-20 shrink-0 self-start overflow-hidden rounded-xl border border-line">
        <ProductImage src={item.image ?? undefined} alt="" sizes="80px" />
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <Link to={linePath(item)} onClick={onNavigate} className="line-clamp-2 text-sm font-medium hover:underline">
          {item.name}
        </Link>
        {options && <p className="text-xs text-muted">{options}</p>}
        <p className="text-xs text-muted tabular-nums">{formatMoney(item.price, currency)} each</p>
        <div className="mt-1 flex items-center justify-between gap-2">
          <LineQuantityStepper item={item} />
          <p className="text-sm font-semibold text-strong tabular-nums">
            {formatMoney(fromCents(lineTotalCents(toCents(item.price), item.quantity)), currency)}
          </p>
        </div>
      </div>
      <button
        type="button"
        onClick={() => void removeFromCart(item.id).catch(() => undefined)}
        aria-label={`Remove ${item.name}`}
        title="Remove"
        className="icon-btn size-8 shrink-0 self-start text-muted"
      >
        <Icon d={trashIcon} className="size-4" />
      </button>
    </li>
  );
}
