import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { AuthUser } from '#shared/contracts/auth.ts';
import { ApiError } from '#web/lib/api-client.ts';
import { toast } from '#web/lib/toast.ts';
import { adminList, adminPut } from '../auth/admin-api.ts';
import { useAdminAuth } from '../auth/admin-auth.tsx';
import { AdminPageHeader } from '../shell/admin-page-header.tsx';
import { AdminList } from '../ui/admin-list.tsx';
import { ConfirmDialog } from '../ui/confirm-dialog.tsx';
import type { ListColumn } from '../ui/data-list.tsx';
import { formatDateTime, ROLE_LABELS } from '../ui/format.ts';
import { ListFilters } from '../ui/list-filters.tsx';
import { ActiveBadge } from '../ui/status-badge.tsx';
import { useListQuery } from '../ui/use-list-query.ts';
import { ADMIN_PAGE_SIZES, type ListDefinition, useListState } from '../ui/use-list-state.ts';

const USER_LIST: ListDefinition = {
  noun: ['user', 'users'],
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

/**
 * `/admin/users`: the staff accounts, with search and filters in the URL, and enable/disable.
 * Shopper accounts are managed with their customer (customers/customer-account-card.tsx).
 */
export function UsersPage() {
  const list = useListState(USER_LIST);
  const [target, setTarget] = useState<AuthUser | null>(null);
  const queryClient = useQueryClient();
  const { user: me } = useAdminAuth();

  const users = useListQuery(['admin', 'users'], list.query, (query) => adminList<AuthUser>('/admin/users', { query }));

  const changeStatus = useMutation({
    mutationFn: (user: AuthUser) =>
      adminPut<AuthUser>(`/admin/users/${user.id}/status`, { is_active: !user.is_active }),
    onSuccess: (updated) => {
      setTarget(null);
      toast({
        variant: 'success',
        title: updated.is_active ? `${updated.name} can sign in again` : `${updated.name} is disabled`,
        description: updated.is_active ? undefined : 'Their sessions were signed out.',
      });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'users'] });
    },
    onError: (error) => {
      setTarget(null);
      toast({ variant: 'error', title: error instanceof ApiError ? error.message : 'Could not change the status' });
    },
  });

  const columns: ReadonlyArray<ListColumn<AuthUser>> = [
    {
      header: 'User',
      card: 'title',
      cell: (user) => (
        <>
          <span className="font-medium text-strong">{user.name}</span>
          <span className="block text-xs font-normal text-muted">{user.email}</span>
        </>
      ),
    },
    { header: 'Role', card: 'line', className: 'whitespace-nowrap', cell: (user) => ROLE_LABELS[user.role] },
    { header: 'Status', card: 'badge', cell: (user) => <ActiveBadge active={user.is_active} /> },
    {
      header: 'Last sign-in',
      card: 'line',
      className: 'whitespace-nowrap text-muted',
      cell: (user) => formatDateTime(user.last_login_at),
    },
    {
      header: 'Actions',
      headerHidden: true,
      align: 'right',
      card: 'actions',
      cell: (user) =>
        user.id === me?.id ? (
          <span className="text-xs text-muted">You</span>
        ) : (
          <button
            type="button"
            className="btn-secondary px-3 py-1.5 text-xs"
            onClick={() => setTarget(user)}
            aria-label={`${user.is_active ? 'Disable' : 'Enable'} ${user.name}`}
          >
            {user.is_active ? 'Disable' : 'Enable'}
          </button>
        ),
    },
  ];

  return (
    <>
      <AdminPageHeader
        title="Users"
        description="Staff accounts. Disabling an account signs it out everywhere. Shopper accounts are under Customers."
      />
      <ListFilters list={list} />
      <AdminList
        list={list}
        query={users}
        columns={columns}
        empty={{ title: 'No users yet.' }}
        tableClassName="min-w-[40rem]"
      />
      <ConfirmDialog
        open={target !== null}
        title={target?.is_active ? `Disable ${target.name}?` : `Enable ${target?.name ?? ''}?`}
        confirmLabel={target?.is_active ? 'Disable account' : 'Enable account'}
        danger={target?.is_active}
        pending={changeStatus.isPending}
        onCancel={() => setTarget(null)}
        onConfirm={() => target && changeStatus.mutate(target)}
      >
        {target?.is_active
          ? `${target.email} will be signed out everywhere and cannot sign in until enabled again.`
          : `${target?.email ?? ''} will be able to sign in again.`}
      </ConfirmDialog>
    </>
  );
}
