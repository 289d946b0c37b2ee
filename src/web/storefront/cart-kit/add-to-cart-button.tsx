import { lazy, Suspense, useState } from 'react';
import { toast } from '#web/lib/toast.ts';
import { useCartStore } from '#web/stores/cart-store.ts';
import { cartIcon, Icon } from '#web/ui/icons.tsx';
import { ADDED_TO_CART_TOAST_ID, addToCart } from './cart-actions.ts';

export interface AddToCartButtonProps {
  productId: string;
  /** The chosen variant (decision 012); null: the product's default variant. */
  variantId: string | null;
  productName: string;
  quantity: number;
  selectedVariations: Record<string, string>;
  disabled: boolean;
  /** A smaller button without the "in your cart" line (the product page's sticky bar). */
  compact?: boolean;
}

// Downloaded when the shopper asks to see the cart, not with the product page.
const CartDrawer = lazy(() => import('./cart-drawer.tsx').then((module) => ({ default: module.CartDrawer })));
/**
 * Adds the chosen quantity and options to the cart (checked against the server first), then says
 * so with a toast that opens the cart. A refusal ('Cannot add more than 3 items', 'Product is out
 * of stock') is shown as an error toast. Busy while adding, so a double tap adds once.
 */
export function AddToCartButton({
  productId,
  variantId,
  productName,
  quantity,
  selectedVariations,
  disabled,
  compact = false,
}: AddToCartButtonProps) {
  const [busy, setBusy] = useState(false);
  const [cartOpen, setCartOpen] = useState(false);
  const inCart = useCartStore((state) =>
    state.items.filter((item) => item.productId === productId).reduce((sum, item) => sum + item.quantity, 0),
  );

  async function add() {
    if (busy) return;
    setBusy(true);
    try {
      await addToCart(productId, variantId, quantity, selectedVariations);
      toast({
        id: ADDED_TO_CART_TOAST_ID,
        title: 'Added to cart',
        description: `${quantity} × ${productName}`,
        variant: 'success',
        action: { label: 'View cart', onClick: () => setCartOpen(true) },
      });
    } catch (error) {
      toast({ id: ADDED_TO_CART_TOAST_ID, title: (error as Error).message, variant: 'error' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <button
        type="button"
        onClick={() => void add()}
        disabled={disabled}
        aria-busy={busy || undefined}
        className={compact ? 'btn-primary h-11 shrink-0 px-5' : 'btn-primary h-12 px-8 text-base'}
      >
        <Icon d={cartIcon} className="size-5" />
        {busy ? 'Adding…' : 'Add to cart'}
      </button>
      {inCart > 0 && !compact && (
        <p className="w-full text-sm text-muted">
          {inCart} in your cart ·{' '}
          <button type="button" onClick={() => setCartOpen(true)} className="text-link">
            View cart
          </button>
        </p>
      )}
      {cartOpen && (
        <Suspense fallback={null}>
          <CartDrawer onClose={() => setCartOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
