import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PROMO_MESSAGES, type PromoCode } from '#shared/contracts/promo-codes.ts';
import { editIcon, powerIcon, trashIcon, usageIcon } from '#web/admin/shared/action-icons.ts';
import { ApiError } from '#web/lib/api-client.ts';
import { toast } from '#web/lib/toast.ts';
import { ConfirmDialog } from '../ui/confirm-dialog.tsx';
import { RowActionButton, RowActionLink, RowActions } from '../ui/row-actions.tsx';
import { useDeleteStep } from '../ui/use-delete-step.ts';
import { deletePromoCode, invalidatePromoCodes, toWrite, updatePromoCode } from './promo-api.ts';

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
  const deletion = useDeleteStep({
    remove: () => deletePromoCode(code.id),
    deletedToast: () => ({ variant: 'success', title: `${code.code} deleted` }),
    failedTitle: 'Could not delete the promo code',
    failedToast: (error, standard) => {
      const used = error instanceof ApiError && error.status === 409;
      return {
        ...standard,
        action: used && code.is_active ? { label: 'Deactivate', onClick: () => toggle.mutate(code) } : undefined,
      };
    },
    onDeleted: () => void invalidatePromoCodes(queryClient),
  });
  const used = code.current_uses > 0;
  const toggleLabel = `${code.is_active ? 'Deactivate' : 'Activate'} ${code.code}`;
  return (
    <RowActions>
      <RowActionLink
        to={`/admin/promo-codes/${code.id}/edit`}
        icon={editIcon}
        label={`Edit ${code.code}`}
        title="Edit"
      />
      <RowActionLink
        to={`/admin/promo-codes/${code.id}`}
        icon={usageIcon}
        label={`Usage of ${code.code}`}
        title="Usage"
      />
      <RowActionButton
        icon={powerIcon}
        label={toggleLabel}
        title={code.is_active ? 'Deactivate' : 'Activate'}
        className={code.is_active ? undefined : 'text-accent'}
        disabled={toggle.isPending}
        onClick={() => toggle.mutate(code)}
      />
      <RowActionButton
        icon={trashIcon}
        label={`Delete ${code.code}`}
        title={used && !code.is_active ? 'Used codes cannot be deleted' : 'Delete'}
        danger
        disabled={used && !code.is_active}
        onClick={deletion.ask}
      />
      {/* A used code cannot go (its orders keep pointing at it): the step offers what can be done instead. */}
      <ConfirmDialog
        open={deletion.asking}
        title={used ? `${code.code} has been used` : `Delete ${code.code}?`}
        confirmLabel={used ? 'Deactivate code' : 'Delete code'}
        danger={!used}
        pending={deletion.pending || toggle.isPending}
        onCancel={deletion.cancel}
        onConfirm={() => (used ? toggle.mutate(code, { onSettled: deletion.cancel }) : deletion.confirm())}
      >
        {used ? PROMO_MESSAGES.usedCannotDelete : 'Nobody has used this code yet. This removes it for good.'}
      </ConfirmDialog>
    </RowActions>
  );
}
