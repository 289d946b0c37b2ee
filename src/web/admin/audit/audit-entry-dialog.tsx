import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { AuditEntry } from '#shared/contracts/audit.ts';
import { ApiError } from '#web/lib/api-client.ts';
import { Icon } from '#web/ui/icons.tsx';
import { InlineError } from '#web/ui/inline-error.tsx';
import { formatDateTime } from '../ui/format.ts';
import { useControlledDialog } from '../ui/use-controlled-dialog.ts';
import { ADMIN_AUDIT_KEY, getAuditEntry } from './audit-api.ts';
import { auditDiff, type DiffChange, diffValue } from './audit-diff.ts';
import { AuditStatusBadge } from './audit-status-badge.tsx';

const closeIcon = 'M6 6l12 12M18 6 6 18';

const CHANGE_LABELS: Record<DiffChange, string> = {
  added: 'Added',
  removed: 'Removed',
  changed: 'Changed',
  same: 'Unchanged',
};
const CHANGE_STYLE: Record<DiffChange, string> = {
  added: 'border-l-emerald-600 bg-emerald-50 dark:bg-emerald-950/40',
  removed: 'border-l-red-600 bg-red-50 dark:bg-red-950/40',
  changed: 'border-l-amber-500 bg-amber-50 dark:bg-amber-950/40',
  same: 'border-l-transparent',
};

/** Before and after, field by field: what changed is marked in words and colour; unchanged fields on request. */
function AuditDiff({ entry }: { entry: AuditEntry }) {
  const [showSame, setShowSame] = useState(false);
  const rows = auditDiff(entry.before, entry.after);
  if (rows.length === 0) return <p className="text-sm text-muted">This entry records no before or after.</p>;
  const same = rows.filter((row) => row.change === 'same').length;
  const shown = showSame ? rows : rows.filter((row) => row.change !== 'same');
  return (
    <div>
      <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-sm font-semibold text-strong">Changes</h3>
        {same > 0 && (
          <label className="flex items-center gap-2 text-sm text-muted">
            <input
              type="checkbox"
              checked={showSame}
              onChange={(event) => setShowSame(event.target.checked)}
              className="size-4 accent-accent"
            />
            Show {same} unchanged {same === 1 ? 'field' : 'fields'}
          </label>
        )}
      </div>
      {shown.length === 0 ? (
        <p className="text-sm text-muted">No field changed.</p>
      ) : (
        <ul aria-label="Changes" className="grid gap-2">
          {shown.map((row) => (
            <li
              key={row.path}
              data-change={row.change}
              className={`rounded-lg border border-line border-l-4 px-3 py-2 text-sm ${CHANGE_STYLE[row.change]}`}
            >
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <code className="font-mono text-xs font-semibold [overflow-wrap:anywhere] text-strong">{row.path}</code>
                <span className="text-xs font-medium text-muted">{CHANGE_LABELS[row.change]}</span>
              </div>
              <dl className="mt-1 grid gap-1 sm:grid-cols-2 sm:gap-3">
                {row.change !== 'added' && (
                  <div className="min-w-0">
                    <dt className="text-xs text-muted">Before</dt>
                    <dd
                      className={`font-mono text-xs [overflow-wrap:anywhere] whitespace-pre-wrap ${row.change === 'same' ? '' : 'line-through decoration-red-600/60'}`}
                    >
                      {diffValue(row.before)}
                    </dd>
                  </div>
                )}
                {row.change !== 'removed' && (
                  <div className="min-w-0">
                    <dt className="text-xs text-muted">After</dt>
                    <dd className="font-mono text-xs [overflow-wrap:anywhere] whitespace-pre-wrap">
                      {diffValue(row.after)}
                    </dd>
                  </div>
                )}
              </dl>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-muted">{label}</dt>
      <dd className="[overflow-wrap:anywhere] text-fg">{children}</dd>
    </div>
  );
}

function EntryBody({ entry }: { entry: AuditEntry }) {
  const who = entry.user_name ?? entry.user_email ?? (entry.user_id ? 'Removed account' : 'No one signed in');
  return (
    <>
      <dl className="grid grid-cols-1 gap-3 text-sm sm:grid-cols-2">
        <Fact label="When">{formatDateTime(entry.created_at)}</Fact>
        <Fact label="Outcome">
          <AuditStatusBadge status={entry.status} />
        </Fact>
        <Fact label="Who">
          {who}
          {entry.user_name && entry.user_email && <span className="block text-muted">{entry.user_email}</span>}
        </Fact>
        <Fact label="Resource">
          {entry.entity_type}
          {entry.entity_id && <span className="block font-mono text-xs text-muted">{entry.entity_id}</span>}
        </Fact>
        <Fact label="IP address">{entry.ip ?? '—'}</Fact>
        <Fact label="Browser">{entry.user_agent ?? '—'}</Fact>
      </dl>
      <div className="mt-5 border-t border-line pt-4">
        <AuditDiff entry={entry} />
      </div>
    </>
  );
}

/**
 * One entry, beside the list (the whole screen on a phone): who, when, from where, and its before
 * and after as a diff. Opened from a row with the entry at hand, or from a link (`?entry=<id>`),
 * when it is fetched by id.
 */
export function AuditEntryDialog({
  entryId,
  known,
  onClose,
}: {
  entryId: string | null;
  /** The entry when the list already has it: no fetch. */
  known?: AuditEntry;
  onClose: () => void;
}) {
  const dialog = useControlledDialog(entryId !== null);
  const id = useId();
  const fetched = useQuery({
    queryKey: [...ADMIN_AUDIT_KEY, 'entry', entryId],
    queryFn: ({ signal }) => getAuditEntry(entryId as string, signal),
    enabled: entryId !== null && !known,
  });
  const entry = known ?? fetched.data;
  const missing = fetched.error instanceof ApiError && (fetched.error.status === 404 || fetched.error.status === 400);
  return (
    <dialog
      ref={dialog}
      aria-labelledby={`${id}-title`}
      onClose={onClose}
      className="m-0 ml-auto h-dvh max-h-none w-screen max-w-none border-line bg-surface p-0 text-fg backdrop:bg-black/40 sm:w-[min(40rem,calc(100vw-3rem))] sm:border-l sm:shadow-xl"
    >
      {entryId !== null && (
        <div className="flex h-full flex-col">
          <div className="flex items-center gap-3 border-b border-line px-4 py-3 sm:px-6">
            <h2 id={`${id}-title`} className="min-w-0 flex-1 font-mono text-base font-semibold break-all text-strong">
              {entry?.action ?? 'Audit entry'}
            </h2>
            <button type="button" className="icon-btn size-10 shrink-0" aria-label="Close" onClick={onClose}>
              <Icon d={closeIcon} className="size-5" />
            </button>
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto px-4 py-4 sm:px-6">
            {entry ? (
              <EntryBody entry={entry} />
            ) : missing ? (
              <p className="text-sm text-muted">This entry does not exist.</p>
            ) : fetched.isError ? (
              <InlineError title="Could not load the entry" onRetry={() => void fetched.refetch()} />
            ) : (
              <p role="status" className="text-sm text-muted">
                Loading…
              </p>
            )}
          </div>
        </div>
      )}
    </dialog>
  );
}
