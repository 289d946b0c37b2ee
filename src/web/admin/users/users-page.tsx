import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { StaffMember } from '#shared/contracts/staff.ts';
import { editIcon, powerIcon, trashIcon } from '#web/admin/shared/action-icons.ts';
import { ApiError } from '#web/lib/api-client.ts';
import { toast } from '#web/lib/toast.ts';
import { useAdminAuth } from '../auth/admin-auth.tsx';
import { AdminPageHeader } from '../shell/admin-page-header.tsx';
import { AdminList } from '../ui/admin-list.tsx';
import { ConfirmDialog } from '../ui/confirm-dialog.tsx';
import type { ListColumn } from '../ui/data-list.tsx';
import { formatDateTime, ROLE_LABELS } from '../ui/format.ts';
import { ListFilters } from '../ui/list-filters.tsx';
import { RowActionButton, RowActions } from '../ui/row-actions.tsx';
import { ActiveBadge, Badge } from '../ui/status-badge.tsx';
import { useListQuery } from '../ui/use-list-query.ts';
import { ADMIN_PAGE_SIZES, type ListDefinition, useListState } from '../ui/use-list-state.ts';
import { PendingInvitations } from './pending-invitations.tsx';
import { ADMIN_STAFF_KEY, invalidateStaff, listStaff, removeStaff, setStaffStatus } from './staff-api.ts';
import { EditStaffDialog, InviteStaffDialog } from './staff-dialogs.tsx';

const STAFF_LIST: ListDefinition = {
  noun: ['staff member', 'staff members'],
  searchPlaceholder: 'Search by name or email',
  filters: [
    {
      key: 'role',
      label: 'Role',
      options: [
        ['', 'All roles'],
        ['super_admin', 'Super admins'],
        ['admin', 'Admins'],
      ],
    },
    {
      key: 'is_active',
      label: 'Status',
      options: [
        ['', 'Any status'],
        ['true', 'Active'],
        ['false', 'Disabled'],
      ],
    },
  ],
  pageSizes: ADMIN_PAGE_SIZES,
};

type Action = { kind: 'edit' | 'status' | 'remove'; member: StaffMember } | { kind: 'invite' } | null;

const failure = (error: unknown, fallback: string) => (error instanceof ApiError && error.message) || fallback;

function TwoStepBadge({ on }: { on: boolean }) {
  return (
    <Badge
      className={
        on
          ? 'normal-case! bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200'
          : 'normal-case! bg-zinc-200 text-zinc-800 dark:bg-zinc-800 dark:text-zinc-200'
      }
    >
      {on ? 'Two-step on' : 'Two-step off'}
    </Badge>
  );
}

/**
 * `/admin/users`, the Staff page (docs/product.md#staff-accounts): who can sign in to the admin,
 * with search and filters in the URL; invite, edit (name, role), enable or disable, remove; the
 * pending invitations below. Your own row offers only edit. Shopper accounts are managed with
 * their customer (customers/customer-account-card.tsx).
 */
export function UsersPage() {
  const list = useListState(STAFF_LIST);
  const [action, setAction] = useState<Action>(null);
  const queryClient = useQueryClient();
  const { user: me } = useAdminAuth();
  const close = () => setAction(null);

  const staff = useListQuery(ADMIN_STAFF_KEY, list.query, (query, signal) => listStaff(query, signal));

  const changeStatus = useMutation({
    mutationFn: (member: StaffMember) => setStaffStatus(member.id, !member.is_active),
    onSuccess: (updated) => {
      close();
      toast({
        variant: 'success',
        title: updated.is_active ? `${updated.name} can sign in again` : `${updated.name} is disabled`,
        description: updated.is_active ? undefined : 'Their sessions were signed out.',
      });
      void invalidateStaff(queryClient);
    },
    onError: (error) => {
      close();
      toast({ variant: 'error', title: failure(error, 'Could not change the status') });
    },
  });

  const remove = useMutation({
    mutationFn: (member: StaffMember) => removeStaff(member.id),
    onSuccess: (_result, member) => {
      close();
      toast({ variant: 'success', title: `${member.name} was removed`, description: 'Their sessions have ended.' });
      void invalidateStaff(queryClient);
    },
    onError: (error) => {
      close();
      toast({ variant: 'error', title: failure(error, 'Could not remove the staff member') });
    },
  });

  const columns: ReadonlyArray<ListColumn<StaffMember>> = [
    {
      header: 'Staff member',
      card: 'title',
      cell: (member) => (
        <>
          <span className="font-medium [overflow-wrap:anywhere] text-strong">
            {member.name}
            {member.id === me?.id && <span className="ml-1.5 text-xs font-normal text-muted">(you)</span>}
          </span>
          <span className="block text-xs font-normal [overflow-wrap:anywhere] text-muted">{member.email}</span>
        </>
      ),
    },
    { header: 'Role', card: 'line', className: 'whitespace-nowrap', cell: (member) => ROLE_LABELS[member.role] },
    { header: 'Status', card: 'badge', cell: (member) => <ActiveBadge active={member.is_active} /> },
    { header: 'Two-step', card: 'badge', cell: (member) => <TwoStepBadge on={member.two_factor_enabled} /> },
    {
      header: 'Last sign-in',
      card: 'line',
      className: 'whitespace-nowrap text-muted',
      cell: (member) => (
        <>
          {formatDateTime(member.last_login_at)}
          {member.last_login_ip && (
            <span className="block font-mono text-xs" title="Address of the last sign-in">
              {member.last_login_ip}
            </span>
          )}
        </>
      ),
      cardCell: (member) =>
        member.last_login_ip
          ? `${formatDateTime(member.last_login_at)} from ${member.last_login_ip}`
          : formatDateTime(member.last_login_at),
    },
    {
      header: 'Actions',
      headerHidden: true,
      align: 'right',
      card: 'actions',
      cell: (member) => (
        <RowActions>
          <RowActionButton
            icon={editIcon}
            label={`Edit ${member.name}`}
            title="Edit"
            onClick={() => setAction({ kind: 'edit', member })}
          />
          {/* Nobody disables or removes themselves: those actions are not offered on your own row. */}
          {member.id !== me?.id && (
            <>
              <RowActionButton
                icon={powerIcon}
                label={`${member.is_active ? 'Disable' : 'Enable'} ${member.name}`}
                title={member.is_active ? 'Disable' : 'Enable'}
                onClick={() => setAction({ kind: 'status', member })}
              />
              <RowActionButton
                icon={trashIcon}
                label={`Remove ${member.name}`}
                title="Remove"
                danger
                onClick={() => setAction({ kind: 'remove', member })}
              />
            </>
          )}
        </RowActions>
      ),
    },
  ];

  const target = action && action.kind !== 'invite' ? action.member : null;
  return (
    <>
      <AdminPageHeader
        title="Staff"
        description="Who can sign in to the admin. Disabling or removing someone ends their sessions at once. Shopper accounts are under Customers."
        actions={
          <button type="button" className="btn-primary" onClick={() => setAction({ kind: 'invite' })}>
            Invite staff
          </button>
        }
      />
      <ListFilters list={list} />
      <AdminList
        list={list}
        query={staff}
        columns={columns}
        empty={{ title: 'No staff members yet.' }}
        label="Staff"
        tableClassName="min-w-[48rem]"
      />
      <PendingInvitations />

      {action?.kind === 'invite' && <InviteStaffDialog onClose={close} />}
      {action?.kind === 'edit' && (
        <EditStaffDialog member={action.member} isSelf={action.member.id === me?.id} onClose={close} />
      )}
      <ConfirmDialog
        open={action?.kind === 'status'}
        title={target?.is_active ? `Disable ${target.name}?` : `Enable ${target?.name ?? ''}?`}
        confirmLabel={target?.is_active ? 'Disable account' : 'Enable account'}
        danger={target?.is_active}
        pending={changeStatus.isPending}
        onCancel={close}
        onConfirm={() => target && changeStatus.mutate(target)}
      >
        {target?.is_active
          ? `${target.email} will be signed out everywhere and cannot sign in until enabled again.`
          : `${target?.email ?? ''} will be able to sign in again.`}
      </ConfirmDialog>
      <ConfirmDialog
        open={action?.kind === 'remove'}
        title={`Remove ${target?.name ?? ''}?`}
        confirmLabel="Remove staff member"
        danger
        pending={remove.isPending}
        onCancel={close}
        onConfirm={() => target && remove.mutate(target)}
      >
        {`${target?.email ?? ''} loses access now: their sessions end at once, on every device. Their past actions stay in the audit log under their name.`}
      </ConfirmDialog>
    </>
  );
}
