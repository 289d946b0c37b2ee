import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import {
  AUDIT_MESSAGES,
  AUDIT_STATUS_LABELS,
  AUDIT_STATUSES,
  type AuditEntry,
  auditExportFileName,
  isSearchable,
} from '#shared/contracts/audit.ts';
import { AdminPageHeader } from '../shell/admin-page-header.tsx';
import { AdminList } from '../ui/admin-list.tsx';
import type { ListColumn } from '../ui/data-list.tsx';
import { ExportCsvButton } from '../ui/export-csv-button.tsx';
import { formatDateTime } from '../ui/format.ts';
import { ListFilters } from '../ui/list-filters.tsx';
import { useListQuery } from '../ui/use-list-query.ts';
import { ADMIN_PAGE_SIZES, type ListDefinition, type Options, useListState } from '../ui/use-list-state.ts';
import { ADMIN_AUDIT_KEY, AUDIT_EXPORT_PATH, getAuditFilters, listAuditLogs } from './audit-api.ts';
import { AuditEntryDialog } from './audit-entry-dialog.tsx';
import { AuditStatsPanel } from './audit-stats.tsx';
import { AuditStatusBadge } from './audit-status-badge.tsx';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** The URL parameter of the entry open beside the list. */
const ENTRY_PARAM = 'entry';

const AUDIT_LIST: ListDefinition = {
  noun: ['entry', 'entries'],
  searchPlaceholder: 'Search action, resource id, email, name or IP',
  filters: [
    // Their choices come from the log itself (GET /admin/audit/filters).
    { key: 'action', label: 'Action', accepts: (value) => value.length <= 100 },
    { key: 'entity_type', label: 'Resource type', accepts: (value) => value.length <= 100 },
    { key: 'user_id', label: 'User', accepts: (value) => UUID.test(value) },
    {
      key: 'status',
      label: 'Outcome',
      options: [['', 'Any outcome'], ...AUDIT_STATUSES.map((status) => [status, AUDIT_STATUS_LABELS[status]] as const)],
    },
    { key: 'date_from', label: 'From', kind: 'date', ariaLabel: 'Entries from' },
    { key: 'date_to', label: 'To', kind: 'date', ariaLabel: 'Entries up to' },
  ],
  pageSizes: ADMIN_PAGE_SIZES,
};

/** "Any action" first, then the log's values; a value from the URL the log no longer has stays choosable. */
function optionsOf(values: readonly (readonly [string, string])[], any: string, current: string): Options {
  const known = current && !values.some(([value]) => value === current) ? [[current, current] as const] : [];
  return [['', any], ...values, ...known];
}

function who(entry: AuditEntry): string {
  return entry.user_name ?? entry.user_email ?? (entry.user_id ? 'Removed account' : 'No one signed in');
}

function columns(open: (entry: AuditEntry) => void): ReadonlyArray<ListColumn<AuditEntry>> {
  return [
    {
      header: 'When',
      card: 'subtitle',
      className: 'whitespace-nowrap text-muted tabular-nums',
      cell: (entry) => formatDateTime(entry.created_at),
    },
    {
      header: 'Action',
      card: 'title',
      className: 'whitespace-nowrap',
      cell: (entry) => <span className="font-mono text-xs font-medium text-strong">{entry.action}</span>,
      cardCell: (entry) => <span className="font-mono text-sm [overflow-wrap:anywhere]">{entry.action}</span>,
    },
    {
      header: 'Resource',
      card: 'line',
      cell: (entry) => (
        <>
          {entry.entity_type}
          {entry.entity_id && (
            <span className="block max-w-36 truncate font-mono text-xs text-muted" title={entry.entity_id}>
              {entry.entity_id}
            </span>
          )}
        </>
      ),
      cardCell: (entry) => `${entry.entity_type}${entry.entity_id ? ` ${entry.entity_id}` : ''}`,
    },
    {
      header: 'User',
      card: 'line',
      cell: (entry) => (
        <>
          {who(entry)}
          {entry.user_name && entry.user_email && (
            <span className="block max-w-44 truncate text-xs text-muted">{entry.user_email}</span>
          )}
        </>
      ),
      cardCell: who,
    },
    { header: 'IP', card: 'line', className: 'whitespace-nowrap tabular-nums', cell: (entry) => entry.ip ?? '—' },
    { header: 'Outcome', card: 'badge', cell: (entry) => <AuditStatusBadge status={entry.status} /> },
    {
      header: 'Details',
      headerHidden: true,
      align: 'right',
      card: 'actions',
      cell: (entry) => (
        <button
          type="button"
          className="btn-secondary px-3 py-1.5 text-sm"
          aria-label={`View ${entry.action} of ${formatDateTime(entry.created_at)}`}
          onClick={() => open(entry)}
        >
          View
        </button>
      ),
    },
  ];
}

/**
 * `/admin/audit` (docs/product.md#audit-log): the log's figures, then every entry newest first,
 * with search and filters in the URL, each entry's before and after as a diff beside the list
 * (`?entry=<id>`), and the CSV export of what the filters match.
 */
export function AuditPage() {
  const list = useListState(AUDIT_LIST);
  const [params, setParams] = useSearchParams();
  // A search shorter than the server takes is not sent (it would match most of the log).
  const searching = isSearchable(list.search);
  const query = { ...list.query, search: searching ? list.search : '' };
  const entries = useListQuery([...ADMIN_AUDIT_KEY, 'list'], query, listAuditLogs);
  const choices = useQuery({
    queryKey: [...ADMIN_AUDIT_KEY, 'filters'],
    queryFn: ({ signal }) => getAuditFilters(signal),
    staleTime: 60_000,
  });
  const openId = params.get(ENTRY_PARAM);
  const openEntry = openId && UUID.test(openId) ? openId : null;
  const setOpen = (id: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (id) next.set(ENTRY_PARAM, id);
        else next.delete(ENTRY_PARAM);
        return next;
      },
      { replace: true },
    );
  const typedShort = list.searchText.trim().length > 0 && !isSearchable(list.searchText);
  const found = choices.data;

  return (
    <>
      <AdminPageHeader
        title="Audit log"
        description="Every change made in the admin, and every sign-in, with who, when and from where."
      />
      <AuditStatsPanel />
      <ListFilters
        list={list}
        choices={{
          action: optionsOf(
            (found?.actions ?? []).map((action) => [action, action] as const),
            'Any action',
            list.filters.action ?? '',
          ),
          entity_type: optionsOf(
            (found?.entity_types ?? []).map((type) => [type, type] as const),
            'Any resource type',
            list.filters.entity_type ?? '',
          ),
          user_id: optionsOf(
            (found?.users ?? []).map((user) => [user.id, user.name] as const),
            'Anyone',
            list.filters.user_id ?? '',
          ),
        }}
        actions={
          <ExportCsvButton
            path={AUDIT_EXPORT_PATH}
            query={query}
            filename={auditExportFileName(new Date().toISOString().slice(0, 10))}
            errorMessage={AUDIT_MESSAGES.exportFailed}
          />
        }
      />
      {typedShort && (
        <p role="status" className="-mt-2 mb-3 text-sm text-muted">
          {AUDIT_MESSAGES.searchTooShort}.
        </p>
      )}
      <AdminList
        list={list}
        query={entries}
        columns={columns((entry) => setOpen(entry.id))}
        label="Audit entries"
        empty={{ title: 'Nothing recorded yet.', hint: 'Changes made in the admin and sign-ins appear here.' }}
        totalIsFloor={entries.data?.pagination.total_capped}
        tableClassName="min-w-[48rem]"
      />
      <AuditEntryDialog
        entryId={openEntry}
        known={entries.data?.data.find((entry) => entry.id === openEntry)}
        onClose={() => setOpen(null)}
      />
    </>
  );
}
