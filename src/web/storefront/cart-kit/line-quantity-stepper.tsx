import { toast } from '#web/lib/toast.ts';
import type { CartItem } from '#web/stores/cart-store.ts';
import { updateQuantity } from './cart-actions.ts';

/**
 * − / count / + of one cart line, for the cart drawer and checkout's order summary. Each press
 * changes the cart at once (down to 0 removes the line, docs/product.md#cart-behaviour); a refusal
 * (more than the line's maximum) is an error toast.
 */
export function LineQuantityStepper({ item }: { item: Pick<CartItem, 'id' | 'name' | 'quantity' | 'maxQuantity'> }) {
  const change = (quantity: number) =>
    updateQuantity(item.id, quantity).catch((error: Error) => toast({ title: error.message, variant: 'error' }));
  return (
    <div className="flex items-center rounded-full border border-line-strong">
      <button
        type="button"
        onClick={() => void change(item.quantity - 1)}
        aria-label={`Decrease quantity of ${item.name}`}
        className="icon-btn size-8"
      >
        −
      </button>
      <span className="min-w-8 text-center text-sm font-medium tabular-nums" aria-live="polite">
        <span className="sr-only">Quantity </span>
        {item.quantity}
      </span>
      <button
        type="button"
        onClick={() => void change(item.quantity + 1)}
        aria-label={`Increase quantity of ${item.name}`}
        aria-disabled={item.quantity >= item.maxQuantity || undefined}
        className="icon-btn size-8 aria-disabled:opacity-40"
      >
        +
      </button>
    </div>
  );
}
