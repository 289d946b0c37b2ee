import { type CSSProperties, useEffect, useSyncExternalStore } from 'react';
import { toast as sonnerToast, Toaster } from 'sonner';
import { connectToaster, type ToastOptions } from '#web/lib/toast.ts';

/**
 * sonner's <Toaster>, downloaded by the toaster host only when needed. It lives here rather than in
 * ui/ because everything in ui/ is bundled into the shell chunk of the first load. This is the
 * only module that imports sonner: the rest of the app calls `toast()` from lib/toast.ts.
 */

/** docs/product.md#limits-and-constants "Toast library defaults": 4 s display, up to 3 visible. */
export const TOAST_DURATION_MS = 4000;
export const VISIBLE_TOASTS = 3;

export function showWithSonner({ title, description, variant, action, id, duration }: ToastOptions): void {
  (variant ? sonnerToast[variant] : sonnerToast)(title, { id, description, duration, action });
}

const root = document.documentElement;

function subscribeToTheme(onChange: () => void): () => void {
  const observer = new MutationObserver(onChange);
  observer.observe(root, { attributes: true, attributeFilter: ['class'] });
  return () => observer.disconnect();
}

/** theme.ts puts `dark` on <html> for the stored theme or the OS one; the toasts follow it. */
function isDark(): boolean {
  return root.classList.contains('dark');
}

/** The shop's colour tokens, so toasts look like the rest of the page in either theme. */
const style = {
  '--normal-bg': 'var(--surface)',
  '--normal-border': 'var(--line-strong)',
  '--normal-text': 'var(--fg)',
} as CSSProperties;

/**
 * On phones sonner spans the toasts across the bottom, where the PWA install and update banners sit
 * (and a toast under the pointer pauses, so it would never let go of the banner's button): there,
 * toasts come from the top. Sonner's own phone breakpoint is 600 px.
 */
const position = matchMedia('(max-width: 600px)').matches ? 'top-center' : 'bottom-right';

export function SonnerToaster() {
  const dark = useSyncExternalStore(subscribeToTheme, isDark);
  useEffect(() => connectToaster(showWithSonner, (id) => sonnerToast.dismiss(id)), []);
  return (
    <Toaster
      theme={dark ? 'dark' : 'light'}
      position={position}
      duration={TOAST_DURATION_MS}
      visibleToasts={VISIBLE_TOASTS}
      closeButton
      containerAriaLabel="Notifications"
      style={style}
    />
  );
}
