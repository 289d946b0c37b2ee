import { useQuery } from '@tanstack/react-query';
import { StatTile } from '../ui/stat-tile.tsx';
import { ADMIN_AUDIT_KEY, getAuditStats } from './audit-api.ts';
import { HourlyChart } from './hourly-chart.tsx';

const figure = (value: number) => value.toLocaleString();

/**
 * The audit log's figures (docs/product.md#audit-log, "Stats"): totals and today's counts as tiles,
 * the last 24 hours as a chart, and who and what was busiest lately. Left out when it fails to
 * load: the list under it is what the page is for.
 */
export function AuditStatsPanel() {
  const stats = useQuery({ queryKey: [...ADMIN_AUDIT_KEY, 'stats'], queryFn: ({ signal }) => getAuditStats(signal) });
  if (stats.isError) return null;
  if (stats.isPending) return <div aria-hidden="true" className="card mb-6 h-48 animate-pulse" />;
  const { data } = stats;
  return (
    <section aria-label="Audit log figures" className="mb-6 grid gap-3">
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
        <StatTile label="Entries" value={figure(data.total_events)} hint="Kept in the log" />
        <StatTile label="Today" value={figure(data.today_events)} hint="Since midnight" />
        <StatTile label="Failed sign-ins" value={figure(data.failed_logins)} hint="Today" />
        <StatTile label="Admin actions" value={figure(data.admin_actions)} hint="Today" />
        <StatTile
          label="Security events"
          value={figure(data.security_events)}
          hint="Today"
          className="col-span-2 sm:col-span-1"
        />
      </div>
      <div className="grid gap-3 lg:grid-cols-[2fr_1fr_1fr]">
        <div className="card min-w-0 p-4">
          <h2 className="mb-2 text-sm font-semibold text-strong">Last 24 hours</h2>
          <HourlyChart hours={data.events_by_hour} />
        </div>
        <div className="card min-w-0 p-4">
          <h2 className="mb-2 text-sm font-semibold text-strong">Most active staff (24 hours)</h2>
          {data.top_users.length === 0 ? (
            <p className="text-sm text-muted">No staff activity.</p>
          ) : (
            <ol className="grid gap-1.5 text-sm">
              {data.top_users.map((user) => (
                <li key={user.user_id} className="flex items-baseline justify-between gap-3">
                  <span className="min-w-0 truncate" title={user.email ?? undefined}>
                    {user.name}
                  </span>
                  <span className="shrink-0 text-muted tabular-nums">{figure(user.events)}</span>
                </li>
              ))}
            </ol>
          )}
        </div>
        <div className="card min-w-0 p-4">
          <h2 className="mb-2 text-sm font-semibold text-strong">Top actions (24 hours)</h2>
          {data.top_actions.length === 0 ? (
            <p className="text-sm text-muted">Nothing recorded.</p>
          ) : (
            <ol className="grid gap-1.5 text-sm">
              {data.top_actions.map((entry) => (
                <li key={entry.action} className="flex items-baseline justify-between gap-3">
                  <span className="min-w-0 truncate font-mono text-xs">{entry.action}</span>
                  <span className="shrink-0 text-muted tabular-nums">{figure(entry.events)}</span>
                </li>
              ))}
            </ol>
          )}
        </div>
      </div>
    </section>
  );
}
