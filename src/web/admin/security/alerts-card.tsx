import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  SECURITY_ALERT_SEVERITIES,
  SECURITY_ALERT_TYPES,
  type SecurityAlert,
  type SecurityAlertSeverity,
  type SecurityAlertType,
} from '#shared/contracts/security.ts';
import { notificationsMayBeStale } from '#web/admin/shared/notifications-stale.ts';
import { ADMIN_SECURITY_ALERTS_KEY } from '#web/admin/shared/security-keys.ts';
import { ApiError } from '#web/lib/api-client.ts';
import { toast } from '#web/lib/toast.ts';
import { InlineError } from '#web/ui/inline-error.tsx';
import { DetailCard } from '../ui/detail-layout.tsx';
import { FilterSelect } from '../ui/filter-select.tsx';
import { formatDateTime } from '../ui/format.ts';
import { Pager } from '../ui/pager.tsx';
import { Badge } from '../ui/status-badge.tsx';
import { StatusTabs } from '../ui/status-tabs.tsx';
import { useListQuery } from '../ui/use-list-query.ts';
import { type ListDefinition, useListState } from '../ui/use-list-state.ts';
import { listSecurityAlerts, resolveSecurityAlert } from './security-api.ts';

const SEVERITY_STYLE: Record<SecurityAlertSeverity, string> = {
  low: 'bg-zinc-200 text-zinc-800 dark:bg-zinc-800 dark:text-zinc-200',
  medium: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200',
  high: 'bg-orange-100 text-orange-900 dark:bg-orange-950 dark:text-orange-200',
  critical: 'bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-200',
};

const TYPE_LABELS: Record<SecurityAlertType, string> = {
  login: 'Sign-in',
  access: 'Access',
  security: 'Security change',
  system: 'System',
};

const capitalised = (word: string) => `${word.charAt(0).toUpperCase()}${word.slice(1)}`;

/**
 * Open alerts are the default view (`show` absent); the other tabs are in the URL (`any`, not
 * `all`: the tabs key "All" views by that word).
 */
const SHOW_TABS = [
  ['', 'Open', undefined],
  ['resolved', 'Resolved', undefined],
  ['any', 'All', undefined],
] as const;

const ALERT_LIST: ListDefinition = {
  noun: ['alert', 'alerts'],
  filters: [
    {
      key: 'show',
      label: 'Show',
      kind: 'custom',
      keepOnClear: true,
      accepts: (value) => ['resolved', 'any'].includes(value),
    },
    {
      key: 'severity',
      label: 'Severity',
      options: [
        ['', 'Any severity'],
        ...SECURITY_ALERT_SEVERITIES.map((value) => [value, capitalised(value)] as const),
      ],
    },
    {
      key: 'type',
      label: 'Type',
      options: [['', 'Any type'], ...SECURITY_ALERT_TYPES.map((value) => [value, TYPE_LABELS[value]] as const)],
    },
  ],
  pageSize: 10,
};

export function SeverityBadge({ severity }: { severity: SecurityAlertSeverity }) {
  return <Badge className={SEVERITY_STYLE[severity]}>{severity}</Badge>;
}

/**
 * The Security page's alerts (docs/product.md#security-alerts): open ones first (tabs for resolved
 * and all), filtered by severity and type, newest first, ten a page; each resolved with one click
 * (who and when are kept). A live `notification:security_alert` refreshes it (the bell does).
 */
export function AlertsCard() {
  const list = useListState(ALERT_LIST);
  const client = useQueryClient();
  const { show = '', severity = '', type = '' } = list.filters;
  const query = {
    page: list.page,
    limit: list.limit,
    severity,
    type,
    resolved: show === '' ? 'false' : show === 'resolved' ? 'true' : '',
  };
  const alerts = useListQuery(ADMIN_SECURITY_ALERTS_KEY, query, (params, signal) => listSecurityAlerts(params, signal));

  const resolve = useMutation({
    mutationFn: (alert: SecurityAlert) => resolveSecurityAlert(alert.id),
    onSuccess: (resolved) => {
      toast({ variant: 'success', title: 'Alert resolved', description: resolved.title });
      void client.invalidateQueries({ queryKey: ADMIN_SECURITY_ALERTS_KEY });
      // Resolving marks the alert's bell notifications read on the server.
      notificationsMayBeStale();
    },
    onError: (error) => {
      toast({ variant: 'error', title: error instanceof ApiError ? error.message : 'Could not resolve the alert' });
      void client.invalidateQueries({ queryKey: ADMIN_SECURITY_ALERTS_KEY });
    },
  });

  const rows = alerts.data?.data ?? [];
  return (
    <DetailCard title="Alerts" description="Sign-in trouble, refused addresses and changes that need a look." flush>
      <div className="px-5 sm:px-6">
        <StatusTabs
          label="Alerts to show"
          tabs={SHOW_TABS}
          current={show}
          onChange={(value) => list.setFilter('show', value)}
        />
        <div className="grid grid-cols-2 gap-2 pb-4">
          {ALERT_LIST.filters?.slice(1).map((filter) => (
            <FilterSelect
              key={filter.key}
              label={filter.label}
              value={list.filters[filter.key] ?? ''}
              options={filter.options ?? []}
              onChange={(value) => list.setFilter(filter.key, value)}
            />
          ))}
        </div>
      </div>
      {alerts.isPending ? (
        <div
          role="status"
          aria-label="Loading alerts"
          className="mx-5 mb-5 h-40 animate-pulse rounded-xl bg-subtle sm:mx-6"
        />
      ) : alerts.isError || !alerts.data ? (
        <div className="px-5 pb-5 sm:px-6">
          <InlineError title="Could not load the alerts" onRetry={() => void alerts.refetch()} />
        </div>
      ) : rows.length === 0 ? (
        <p className="border-t border-line px-5 py-10 text-center text-sm text-muted sm:px-6">
          {show === '' && !severity && !type ? 'No open alerts. All quiet.' : 'No alerts match these filters.'}
        </p>
      ) : (
        <>
          <ul
            aria-label="Security alerts"
            aria-busy={alerts.isFetching}
            className="divide-y divide-line border-t border-line"
          >
            {rows.map((alert) => (
              <AlertItem
                key={alert.id}
                alert={alert}
                resolving={resolve.isPending && resolve.variables?.id === alert.id}
                onResolve={() => resolve.mutate(alert)}
              />
            ))}
          </ul>
          <Pager
            page={alerts.data.pagination.page}
            totalPages={alerts.data.pagination.totalPages}
            total={alerts.data.pagination.total}
            noun={ALERT_LIST.noun}
            onPage={list.setPage}
          />
        </>
      )}
    </DetailCard>
  );
}

function AlertItem({
  alert,
  resolving,
  onResolve,
}: {
  alert: SecurityAlert;
  resolving: boolean;
  onResolve: () => void;
}) {
  return (
    <li data-alert={alert.id} className="px-5 py-4 sm:px-6">
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-muted">
        <SeverityBadge severity={alert.severity} />
        <span>{TYPE_LABELS[alert.type]}</span>
        <span aria-hidden="true">·</span>
        <time dateTime={alert.created_at}>{formatDateTime(alert.created_at)}</time>
      </div>
      <p className="mt-1.5 font-medium break-words text-strong">{alert.title}</p>
      {alert.description && <p className="mt-0.5 text-sm break-words text-muted">{alert.description}</p>}
      {alert.ip_address && (
        <p className="mt-0.5 text-xs text-muted">
          From <span className="font-mono">{alert.ip_address}</span>
        </p>
      )}
      <div className="mt-2 flex flex-wrap items-center gap-2">
        {alert.resolved ? (
          <p className="text-xs text-muted">
            Resolved{alert.resolved_by_name ? ` by ${alert.resolved_by_name}` : ''}
            {alert.resolved_at ? `, ${formatDateTime(alert.resolved_at)}` : ''}
          </p>
        ) : (
          <button
            type="button"
            className="btn-secondary px-3 py-1.5 text-xs"
            disabled={resolving}
            aria-label={`Resolve: ${alert.title}`}
            onClick={onResolve}
          >
            {resolving ? 'Resolving…' : 'Resolve'}
          </button>
        )}
      </div>
    </li>
  );
}
