import { Link } from 'react-router';
import { useCartCount } from '#web/stores/cart-count.ts';
import { cartIcon, Icon } from './icons.tsx';

export function CartButton() {
  const count = useCartCount();
  return (
    <Link to="/checkout" className="icon-btn" aria-label={`Cart, ${count} ${count === 1 ? 'item' : 'items'}`}>
      <Icon d={cartIcon} className="size-6" />
      <span className="absolute -top-0.5 -right-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-accent-solid px-1 text-xs font-semibold text-on-accent tabular-nums">
        {count > 99 ? '99+' : count}
      </span>
    </Link>
  );
}
