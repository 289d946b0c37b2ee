import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { StaffInvitation } from '#shared/contracts/staff.ts';
import { ApiError } from '#web/lib/api-client.ts';
import { toast } from '#web/lib/toast.ts';
import { InlineError } from '#web/ui/inline-error.tsx';
import { DataList, type ListColumn } from '../ui/data-list.tsx';
import { FormDialog } from '../ui/form-dialog.tsx';
import { formatDateTime, ROLE_LABELS } from '../ui/format.ts';
import { ListSkeleton } from '../ui/list-states.tsx';
import { RowActionButton, RowActions } from '../ui/row-actions.tsx';
import { cancelInvitation, INVITATIONS_KEY, invalidateStaff, listInvitations, resendInvitation } from './staff-api.ts';

/** Stroke paths (24 × 24) of the invitation actions: send again, cancel. */
const resendIcon = 'M21 12a9 9 0 1 1-3-6.7L21 8M21 3v5h-5';
const cancelIcon = 'M6 6l12 12M18 6 6 18';

const failure = (error: unknown, fallback: string) => (error instanceof ApiError && error.message) || fallback;

/**
 * The Staff page's pending invitations (not accepted, not expired): who, as what, who invited them
 * and until when; send again (a new link, the old one dies) or cancel (the link dies).
 */
export function PendingInvitations() {
  const queryClient = useQueryClient();
  const invitations = useQuery({ queryKey: INVITATIONS_KEY, queryFn: ({ signal }) => listInvitations(signal) });
  const [cancelling, setCancelling] = useState<StaffInvitation | null>(null);

  const resend = useMutation({
    mutationFn: (invitation: StaffInvitation) => resendInvitation(invitation.id),
    onSuccess: (invitation) => {
      toast({
        variant: 'success',
        title: `A new link was sent to ${invitation.email}`,
        description: 'The old link no longer works.',
      });
      void invalidateStaff(queryClient);
    },
    onError: (error) => toast({ variant: 'error', title: failure(error, 'Could not send the invitation again') }),
  });
  const cancel = useMutation({
    mutationFn: (invitation: StaffInvitation) => cancelInvitation(invitation.id),
    onSuccess: (_result, invitation) => {
      setCancelling(null);
      toast({ variant: 'success', title: `Invitation for ${invitation.email} cancelled` });
      void invalidateStaff(queryClient);
    },
    onError: (error) => {
      setCancelling(null);
      toast({ variant: 'error', title: failure(error, 'Could not cancel the invitation') });
    },
  });

  const columns: ReadonlyArray<ListColumn<StaffInvitation>> = [
    {
      header: 'Invited',
      card: 'title',
      cell: (invitation) => (
        <>
          <span className="font-medium [overflow-wrap:anywhere] text-strong">{invitation.email}</span>
          {invitation.name && <span className="block text-xs font-normal text-muted">{invitation.name}</span>}
        </>
      ),
    },
    {
      header: 'Role',
      card: 'line',
      className: 'whitespace-nowrap',
      cell: (invitation) => ROLE_LABELS[invitation.role],
    },
    {
      header: 'Invited by',
      card: 'line',
      className: 'text-muted',
      cell: (invitation) => invitation.invited_by ?? '—',
    },
    {
      header: 'Link works until',
      card: 'line',
      className: 'whitespace-nowrap text-muted',
      cell: (invitation) => formatDateTime(invitation.expires_at),
    },
    {
      header: 'Actions',
      headerHidden: true,
      align: 'right',
      card: 'actions',
      cell: (invitation) => (
        <RowActions>
          <RowActionButton
            icon={resendIcon}
            label={`Send the invitation again to ${invitation.email}`}
            title="Send again"
            disabled={resend.isPending}
            onClick={() => resend.mutate(invitation)}
          />
          <RowActionButton
            icon={cancelIcon}
            label={`Cancel the invitation for ${invitation.email}`}
            title="Cancel invitation"
            danger
            onClick={() => setCancelling(invitation)}
          />
        </RowActions>
      ),
    },
  ];

  return (
    <section aria-labelledby="pending-invitations" className="mt-8">
      <h2 id="pending-invitations" className="mb-3 text-lg font-semibold text-strong">
        Pending invitations
      </h2>
      {invitations.isPending ? (
        <ListSkeleton label="Loading invitations" />
      ) : invitations.isError ? (
        <InlineError title="Could not load the invitations" onRetry={() => void invitations.refetch()} />
      ) : invitations.data.length === 0 ? (
        <p className="text-sm text-muted">No invitation is waiting to be accepted.</p>
      ) : (
        <div className="card">
          <DataList
            label="Pending invitations"
            rows={invitations.data}
            columns={columns}
            rowKey={(invitation) => invitation.id}
            tableClassName="min-w-[40rem]"
          />
        </div>
      )}
      <FormDialog
        open={cancelling !== null}
        title={`Cancel the invitation for ${cancelling?.email ?? ''}?`}
        description="Its link stops working at once. You can invite them again later."
        submitLabel="Cancel invitation"
        cancelLabel="Back"
        danger
        pending={cancel.isPending}
        onSubmit={() => cancelling && cancel.mutate(cancelling)}
        onClose={() => setCancelling(null)}
      />
    </section>
  );
}
