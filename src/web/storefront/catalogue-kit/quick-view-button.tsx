import { type ComponentType, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Icon } from '#web/ui/icons.tsx';
import type { ProductCardData } from './product-card-data.ts';
import type { QuickViewDialogProps } from './quick-view-dialog.tsx';

const eyeIcon = 'M2 12s4-7 10-7 10 7 10 7-4 7-10 7S2 12 2 12ZM15 12a3 3 0 1 1-6 0 3 3 0 0 1 6 0';

/**
 * The quick-view button of a product card. The dialog's code (and its product query) lives in its
 * own chunk, downloaded on the first press: most visits never open it. If that download fails
 * (offline after a deploy), the button goes to the product page instead.
 */
export function QuickViewButton({ product, currency }: { product: ProductCardData; currency?: string }) {
  const [Dialog, setDialog] = useState<ComponentType<QuickViewDialogProps> | null>(null);
  const button = useRef<HTMLButtonElement>(null);
  const navigate = useNavigate();

  function open() {
    import('./quick-view-dialog.tsx').then(
      (module) => setDialog(() => module.QuickViewDialog),
      () => navigate(`/product/${product.slug}`),
    );
  }

  return (
    <>
      <button
        ref={button}
        type="button"
        onClick={open}
        aria-haspopup="dialog"
        aria-label={`Quick view: ${product.name}`}
        title="Quick view"
        className="icon-btn absolute top-2 right-2 z-10 size-9 border border-line bg-surface/90 shadow-sm hover:bg-surface"
      >
        <Icon d={eyeIcon} />
      </button>
      {Dialog && (
        <Dialog
          product={product}
          currency={currency}
          onClose={() => {
            setDialog(null);
            button.current?.focus();
          }}
        />
      )}
    </>
  );
}
