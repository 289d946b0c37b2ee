import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { PROMO_MESSAGES, type PromoCode } from '#shared/contracts/promo-codes.ts';
import { editIcon, powerIcon, trashIcon, usageIcon } from '#web/admin/shared/action-icons.ts';
import { ApiError } from '#web/lib/api-client.ts';
import { toast } from '#web/lib/toast.ts';
import { Icon } from '#web/ui/icons.tsx';
import { ConfirmDialog } from '../ui/confirm-dialog.tsx';
import { deletePromoCode, invalidatePromoCodes, toWrite, updatePromoCode } from './promo-api.ts';

const iconButton = 'icon-btn size-8 text-muted hover:text-fg disabled:opacity-50';

/**
 * Switches a code on or off (the whole code is sent: PUT replaces it). Shared by the list's row
 * actions, the toast that offers "Deactivate" after a refused delete, and the usage view.
 */
export function useTogglePromoCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: PromoCode) => updatePromoCode(code.id, toWrite(code, { is_active: !code.is_active })),
    onSuccess: (saved) => {
      toast({ variant: 'success', title: `${saved.code} ${saved.is_active ? 'activated' : 'deactivated'}` });
      void invalidatePromoCodes(queryClient);
    },
    onError: (error) => {
      toast({ variant: 'error', title: error instanceof ApiError ? error.message : 'Could not change the code' });
    },
  });
}

/**
 * A row's actions: edit, usage, activate/deactivate and delete (asked first). A used code cannot
 * be deleted (409): the toast says so and offers to deactivate it instead.
 */
export function PromoRowActions({ code }: { code: PromoCode }) {
  const queryClient = useQueryClient();
  const toggle = useTogglePromoCode();
  const [confirming, setConfirming] = useState(false);
  const remove = useMutation({
    mutationFn: () => deletePromoCode(code.id),
    onSuccess: () => {
      setConfirming(false);
      toast({ variant: 'success', title: `${code.code} deleted` });
      void invalidatePromoCodes(queryClient);
    },
    onError: (error) => {
      setConfirming(false);
      const used = error instanceof ApiError && error.status === 409;
      toast({
        variant: 'error',
        title: error instanceof ApiError ? error.message : 'Could not delete the promo code',
        action: used && code.is_active ? { label: 'Deactivate', onClick: () => toggle.mutate(code) } : undefined,
      });
    },
  });
  const used = code.current_uses > 0;
  const toggleLabel = `${code.is_active ? 'Deactivate' : 'Activate'} ${code.code}`;
  return (
    <div className="flex items-center justify-end gap-0.5">
      <Link
        to={`/admin/promo-codes/${code.id}/edit`}
        className={iconButton}
        aria-label={`Edit ${code.code}`}
        title="Edit"
      >
        <Icon d={editIcon} />
      </Link>
      <Link
        to={`/admin/promo-codes/${code.id}`}
        className={iconButton}
        aria-label={`Usage of ${code.code}`}
        title="Usage"
      >
        <Icon d={usageIcon} />
      </Link>
      <button
        type="button"
        className={`${iconButton} ${code.is_active ? '' : 'text-accent'}`}
        aria-label={toggleLabel}
        title={code.is_active ? 'Deactivate' : 'Activate'}
        disabled={toggle.isPending}
        onClick={() => toggle.mutate(code)}
      >
        <Icon d={powerIcon} />
      </button>
      <button
        type="button"
        className={`${iconButton} hover:text-danger`}
        aria-label={`Delete ${code.code}`}
        title={used && !code.is_active ? 'Used codes cannot be deleted' : 'Delete'}
        disabled={used && !code.is_active}
        onClick={() => setConfirming(true)}
      >
        <Icon d={trashIcon} />
      </button>
      {/* A used code cannot go (its orders keep pointing at it): the step offers what can be done instead. */}
      <ConfirmDialog
        open={confirming}
        title={used ? `${code.code} has been used` : `Delete ${code.code}?`}
        confirmLabel={used ? 'Deactivate code' : 'Delete code'}
        danger={!used}
        pending={remove.isPending || toggle.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() => (used ? toggle.mutate(code, { onSettled: () => setConfirming(false) }) : remove.mutate())}
      >
        {used ? PROMO_MESSAGES.usedCannotDelete : 'Nobody has used this code yet. This removes it for good.'}
      </ConfirmDialog>
    </div>
  );
}
