import { type ReactNode, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from './confirm-dialog.tsx';

export const UNSAVED_CHANGES_MESSAGE = 'You have unsaved changes. Leave this page and lose them?';

/**
 * Asks before unsaved work is lost: on reload or tab close (beforeunload, where only the browser's
 * own prompt may ask) and on in-app links, with the kit's confirm dialog like every other question
 * the admin asks. The app uses React Router in library mode, which has no navigation blocker, so
 * link clicks are caught in the capture phase, before the router's own handler sees them; the
 * link's address is kept and followed when the admin chooses to leave.
 *
 * Returns the dialog: render it where the form is (`{guard}`).
 */
export function useUnsavedChangesGuard(dirty: boolean, message = UNSAVED_CHANGES_MESSAGE): ReactNode {
  const navigate = useNavigate();
  const [leavingTo, setLeavingTo] = useState<URL | null>(null);
  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = '';
    };
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
      const anchor = event.target instanceof Element ? event.target.closest('a[href]') : null;
      if (!(anchor instanceof HTMLAnchorElement) || anchor.getAttribute('target') === '_blank') return;
      event.preventDefault();
      event.stopPropagation();
      setLeavingTo(new URL(anchor.href, window.location.href));
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    document.addEventListener('click', onClick, true);
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      document.removeEventListener('click', onClick, true);
    };
  }, [dirty]);

  const leave = () => {
    if (!leavingTo) return;
    setLeavingTo(null);
    if (leavingTo.origin === window.location.origin) navigate(leavingTo.pathname + leavingTo.search + leavingTo.hash);
    else window.location.assign(leavingTo.href);
  };
  // Mounted only while it asks: a closed dialog's form would be the first <form> on the page.
  return (
    leavingTo !== null && (
      <ConfirmDialog
        open
        title="Leave without saving?"
        confirmLabel="Leave page"
        danger
        onConfirm={leave}
        onCancel={() => setLeavingTo(null)}
      >
        {message}
      </ConfirmDialog>
    )
  );
}
