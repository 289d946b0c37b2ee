import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { AuthUser } from '#shared/contracts/auth.ts';
import { ApiError } from '#web/lib/api-client.ts';
import { toast } from '#web/lib/toast.ts';
import { InlineError } from '#web/ui/inline-error.tsx';
import { adminList, adminPut } from '../auth/admin-api.ts';
import { useAdminAuth } from '../auth/admin-auth.tsx';
import { AdminPageHeader } from '../shell/admin-page-header.tsx';
import { ConfirmDialog } from '../ui/confirm-dialog.tsx';
import { FilterSelect } from '../ui/filter-select.tsx';
import { formatDateTime, ROLE_LABELS } from '../ui/format.ts';
import { Pager } from '../ui/pager.tsx';
import { ScrollTable, TableHead } from '../ui/scroll-table.tsx';
import { ActiveBadge } from '../ui/status-badge.tsx';
import { useDebouncedSearch, useListParams } from '../ui/use-list-params.ts';

const PAGE_SIZE = 20;
const ROLE_FILTERS = [
  ['', 'All roles'],
  ['super_admin', 'Super admins'],
  ['admin', 'Admins'],
  ['customer', 'Customers'],
] as const;
const STATUS_FILTERS = [
  ['', 'Any status'],
  ['true', 'Active'],
  ['false', 'Disabled'],
] as const;

/** `/admin/users`: every account, with search and filters in the URL, and enable/disable. */
export function UsersPage() {
  const { params, setParam } = useListParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const search = params.get('search') ?? '';
  const [searchText, setSearchText] = useDebouncedSearch(search, (value) => setParam('search', value));
  const role = params.get('role') ?? '';
  const status = params.get('is_active') ?? '';
  const [target, setTarget] = useState<AuthUser | null>(null);
  const queryClient = useQueryClient();
  const { user: me } = useAdminAuth();

  const users = useQuery({
    queryKey: ['admin', 'users', { page, search, role, status }],
    queryFn: () =>
      adminList<AuthUser>('/admin/users', {
        query: { page, limit: PAGE_SIZE, search, role, is_active: status },
      }),
    placeholderData: keepPreviousData,
  });

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

  return (
    <>
      <AdminPageHeader
        title="Users"
        description="Staff and shopper accounts. Disabling an account signs it out everywhere."
      />
      <div className="mb-4 flex flex-col gap-3 sm:flex-row">
        <label className="flex-1">
          <span className="sr-only">Search users</span>
          <input
            type="search"
            value={searchText}
            onChange={(event) => setSearchText(event.target.value)}
            placeholder="Search by name or email"
            className="block w-full rounded-xl border border-line-strong bg-surface px-3 py-2 text-base sm:text-sm"
          />
        </label>
        <FilterSelect label="Role" value={role} options={ROLE_FILTERS} onChange={(value) => setParam('role', value)} />
        <FilterSelect
          label="Status"
          value={status}
          options={STATUS_FILTERS}
          onChange={(value) => setParam('is_active', value)}
        />
      </div>

      {users.isPending ? (
        <div aria-hidden="true" className="card h-64 animate-pulse" />
      ) : users.isError ? (
        <InlineError title="Could not load the users" onRetry={() => void users.refetch()} />
      ) : users.data.data.length === 0 ? (
        <div className="card px-5 py-12 text-center text-sm text-muted">No users match these filters.</div>
      ) : (
        <div className="card">
          <ScrollTable label="Users">
            <table className="w-full min-w-[40rem] text-left text-sm">
              <TableHead
                columns={['User', 'Role', 'Status', 'Last sign-in', { label: 'Actions', align: 'right', hidden: true }]}
              />
              <tbody className="divide-y divide-line">
                {users.data.data.map((user) => (
                  <tr key={user.id}>
                    <td className="px-5 py-3">
                      <span className="font-medium text-strong">{user.name}</span>
                      <span className="block text-xs text-muted">{user.email}</span>
                    </td>
                    <td className="px-5 py-3 whitespace-nowrap">{ROLE_LABELS[user.role]}</td>
                    <td className="px-5 py-3">
                      <ActiveBadge active={user.is_active} />
                    </td>
                    <td className="px-5 py-3 whitespace-nowrap text-muted">{formatDateTime(user.last_login_at)}</td>
                    <td className="px-5 py-3 text-right">
                      {user.id === me?.id ? (
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
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollTable>
          <Pager
            page={users.data.pagination.page}
            totalPages={users.data.pagination.totalPages}
            total={users.data.pagination.total}
            noun={['user', 'users']}
            onPage={(next) => setParam('page', String(next))}
          />
        </div>
      )}

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
