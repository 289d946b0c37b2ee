import type { AuditStats } from '#shared/contracts/audit.ts';
import { formatInZone } from '#shared/time-zone.ts';
import { getSiteConfig } from '#web/lib/site-config.ts';

type Hour = AuditStats['events_by_hour'][number];

const WIDTH = 480;
const HEIGHT = 120;
const GAP = 4;

/** "14:00" in the shop's time zone (settings: site). */
const hourLabel = (iso: string) =>
  formatInZone(iso, getSiteConfig().timeZone, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

/**
 * The last 24 hours of the audit log as bars (failures as the red part at the foot of each), a
 * plain SVG: the picture is described in one sentence for screen readers, and the same figures
 * are in a table under "Show as a table" for anyone (docs/engineering.md: each chart with a table).
 */
export function HourlyChart({ hours }: { hours: readonly Hour[] }) {
  const peak = Math.max(1, ...hours.map((hour) => hour.events));
  const busiest = hours.reduce<Hour | undefined>(
    (best, hour) => (!best || hour.events > best.events ? hour : best),
    undefined,
  );
  const total = hours.reduce((sum, hour) => sum + hour.events, 0);
  const failures = hours.reduce((sum, hour) => sum + hour.failures, 0);
  const barWidth = (WIDTH - GAP * (hours.length - 1)) / Math.max(1, hours.length);
  const summary =
    total === 0
      ? 'No entries in the last 24 hours.'
      : `${total.toLocaleString()} entries in the last 24 hours, ${failures.toLocaleString()} of them failures; the busiest hour was ${busiest ? hourLabel(busiest.hour) : ''} with ${busiest?.events.toLocaleString()}.`;
  const scale = (value: number) => (value / peak) * HEIGHT;
  return (
    <figure className="min-w-0">
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT + 18}`}
        className="h-36 w-full"
        role="img"
        aria-label={summary}
        preserveAspectRatio="none"
      >
        <title>{summary}</title>
        {hours.map((hour, index) => {
          const x = index * (barWidth + GAP);
          const height = scale(hour.events);
          const failed = scale(hour.failures);
          return (
            <g key={hour.hour}>
              <title>{`${hourLabel(hour.hour)}: ${hour.events} entries, ${hour.failures} failures`}</title>
              <rect
                x={x}
                y={HEIGHT - height}
                width={barWidth}
                height={Math.max(height, hour.events > 0 ? 1 : 0)}
                rx={2}
                className="fill-accent"
              />
              {hour.failures > 0 && (
                <rect x={x} y={HEIGHT - failed} width={barWidth} height={Math.max(failed, 1)} className="fill-danger" />
              )}
            </g>
          );
        })}
        <line x1={0} x2={WIDTH} y1={HEIGHT + 0.5} y2={HEIGHT + 0.5} className="stroke-line" strokeWidth={1} />
      </svg>
      <div className="mt-1 flex justify-between text-xs text-muted tabular-nums" aria-hidden="true">
        {hours
          .filter((_, index) => index % 6 === 0 || index === hours.length - 1)
          .map((hour) => (
            <span key={hour.hour}>{hourLabel(hour.hour)}</span>
          ))}
      </div>
      <figcaption className="mt-2 text-sm text-muted">
        <span className="mr-3 inline-flex items-center gap-1.5">
          <span className="inline-block size-2.5 rounded-sm bg-accent" aria-hidden="true" /> Entries
        </span>
        <span className="mr-3 inline-flex items-center gap-1.5">
          <span className="inline-block size-2.5 rounded-sm bg-danger" aria-hidden="true" /> Failures
        </span>
      </figcaption>
      <details className="mt-2 text-sm">
        <summary className="cursor-pointer font-medium text-accent">Show as a table</summary>
        <table className="mt-2 w-full text-left tabular-nums">
          <thead className="text-xs text-muted uppercase">
            <tr>
              <th scope="col" className="py-1 font-medium">
                Hour
              </th>
              <th scope="col" className="py-1 text-right font-medium">
                Entries
              </th>
              <th scope="col" className="py-1 text-right font-medium">
                Failures
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-line">
            {hours.map((hour) => (
              <tr key={hour.hour}>
                <td className="py-1">{hourLabel(hour.hour)}</td>
                <td className="py-1 text-right">{hour.events.toLocaleString()}</td>
                <td className="py-1 text-right">{hour.failures.toLocaleString()}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
