/**
 * The one way the app shows toasts. The toast library (sonner) is loaded on first use, not with
 * the page: it would cost ~10 KB of the storefront's first-load budget for something no shopper
 * needs before they act. Calls made before it has loaded are queued and shown once it is ready.
 * docs/product.md#limits-and-constants: toasts stay 4 s and at most 3 are visible (set where the <Toaster> is mounted).
 */
export type ToastVariant = 'success' | 'error' | 'warning' | 'info';

export interface ToastOptions {
  title: string;
  description?: string;
  variant?: ToastVariant;
  action?: { label: string; onClick: () => void };
  /** Same id replaces an existing toast instead of stacking a duplicate. */
  id?: string;
  /** Milliseconds; default 4000 (docs/product.md#limits-and-constants). */
  duration?: number;
}

type Show = (options: ToastOptions) => void;
type Dismiss = (id: string) => void;

let show: Show | undefined;
let dismiss: Dismiss | undefined;
const pending: ToastOptions[] = [];
const listeners = new Set<() => void>();

/** Shows a toast (queued until the toaster is mounted). */
export function toast(options: ToastOptions): void {
  if (show) show(options);
  else {
    pending.push(options);
    for (const listener of listeners) listener();
  }
}

/**
 * Takes the toast with this id away, shown or still queued: a toast about a page the shopper has
 * left (the add-to-cart toast once checkout opens, where it would cover "Place order").
 */
export function dismissToast(id: string): void {
  for (let index = pending.length - 1; index >= 0; index--) if (pending[index]?.id === id) pending.splice(index, 1);
  dismiss?.(id);
}

/** Called by the mounted toaster: from now on toasts go straight to it, starting with the queue. */
export function connectToaster(next: Show, nextDismiss?: Dismiss): () => void {
  show = next;
  dismiss = nextDismiss;
  for (const options of pending.splice(0)) next(options);
  return () => {
    if (show === next) {
      show = undefined;
      dismiss = undefined;
    }
  };
}

/** Lets the lazy toaster host know it is needed (a toast was requested before it loaded). */
export function onToastRequested(listener: () => void): () => void {
  listeners.add(listener);
  if (pending.length > 0) listener();
  return () => listeners.delete(listener);
}
