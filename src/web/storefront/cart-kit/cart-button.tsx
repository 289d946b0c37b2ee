import { type ComponentType, useRef, useState } from 'react';
import { useCartCount } from '#web/stores/cart-store.ts';
import { cartIcon, Icon } from '#web/ui/icons.tsx';

/**
 * The header's cart: the count badge (none while the cart is empty), and the cart drawer, whose
 * code is downloaded on the first press (quick view does the same). If that download fails
 * (offline after a deploy), checkout, which lists the cart too, opens instead.
 */
export function CartButton() {
  const count = useCartCount();
  const button = useRef<HTMLButtonElement>(null);
  const [Drawer, setDrawer] = useState<ComponentType<{ onClose: () => void }> | null>(null);

  const open = () =>
    import('./cart-drawer.tsx').then(
      (module) => setDrawer(() => module.CartDrawer),
      () => location.assign('/checkout'),
    );

  return (
    <>
      <button
        ref={button}
        type="button"
        onClick={open}
        aria-haspopup="dialog"
        className="icon-btn"
        aria-label={`Cart, ${count} ${count === 1 ? 'item' : 'items'}`}
      >
        <Icon d={cartIcon} className="size-6" />
        {count > 0 && (
          <span className="absolute -top-0.5 -right-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-accent-solid px-1 text-xs font-semibold text-on-accent tabular-nums">
            {count > 99 ? '99+' : count}
          </span>
        )}
      </button>
      {Drawer && (
        <Drawer
          onClose={() => {
            setDrawer(null);
            button.current?.focus();
          }}
        />
      )}
    </>
  );
}
