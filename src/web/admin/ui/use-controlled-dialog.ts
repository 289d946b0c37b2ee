import { useEffect, useRef } from 'react';

/**
 * A native <dialog> opened and closed by React state: shown as modal (focus moves in and stays,
 * Escape closes, firing onClose) while `open` is true.
 */
export function useControlledDialog(open: boolean) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);
  return ref;
}
