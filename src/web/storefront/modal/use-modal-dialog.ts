import { type MouseEvent, useEffect, useRef } from 'react';

/**
 * A native <dialog> shown as modal when it mounts: the browser moves focus in, keeps it there and
 * closes on Escape. `closeOnBackdrop` is its onClick (a click outside the box closes it); `close`
 * is for its close button and links. Used by the quick view and the cart drawer.
 */
export function useModalDialog() {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    // Not closed in a cleanup: StrictMode runs effects twice, and removing the element closes it anyway.
    if (ref.current && !ref.current.open) ref.current.showModal();
  }, []);
  return {
    ref,
    close: () => ref.current?.close(),
    closeOnBackdrop: (event: MouseEvent<HTMLDialogElement>) => {
      if (event.target === event.currentTarget) event.currentTarget.close();
    },
  };
}
