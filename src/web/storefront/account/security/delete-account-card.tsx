import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { useModalDialog } from '#web/storefront/modal/use-modal-dialog.ts';
import { clearShopperSession } from '#web/storefront/shopper-kit/shopper-session-store.ts';
import { ReauthForm } from './reauth-form.tsx';
import { securityApi } from './security-api.ts';
import { SecurityCard } from './security-card.tsx';

/** Delete my account (DELETE /account): a confirm dialog asking the password; then signed out, home. */
export function DeleteAccountCard() {
  const [confirming, setConfirming] = useState(false);
  return (
    <SecurityCard
      title="Delete account"
      description="Your account, saved addresses and cart are deleted and you are signed out everywhere. Orders you placed stay with the shop for its records, without your name or contact details."
    >
      <button type="button" onClick={() => setConfirming(true)} className="btn mt-4 border border-danger text-danger">
        Delete my account
      </button>
      {confirming && <ConfirmDeleteDialog onClose={() => setConfirming(false)} />}
    </SecurityCard>
  );
}

function ConfirmDeleteDialog({ onClose }: { onClose: () => void }) {
  const dialog = useModalDialog();
  const titleId = useId();
  const navigate = useNavigate();
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: a click on the backdrop closes it; Escape and Cancel do the same from the keyboard
    <dialog
      ref={dialog.ref}
      aria-labelledby={titleId}
      onClose={onClose}
      onClick={dialog.closeOnBackdrop}
      className="m-auto w-[calc(100%-2rem)] max-w-md rounded-2xl border border-line bg-surface p-5 text-fg shadow-xl backdrop:bg-black/50 sm:p-6"
    >
      <h2 id={titleId} className="text-lg font-semibold text-strong">
        Delete your account?
      </h2>
      <p className="mt-2 text-sm">This cannot be undone. Enter your password to confirm.</p>
      <ReauthForm
        confirmLabel="Delete my account"
        danger
        onCancel={dialog.close}
        onConfirm={async (password) => {
          await securityApi.deleteAccount({ password });
          clearShopperSession();
          navigate('/', { replace: true });
        }}
      />
    </dialog>
  );
}
