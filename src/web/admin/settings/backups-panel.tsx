import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { type BackupEntry, RESTORE_FIELD, type RestoreResult } from '#shared/contracts/backups.ts';
import { ApiError } from '#web/lib/api-client.ts';
import { toast } from '#web/lib/toast.ts';
import { adminDelete, adminDownload, adminGet, adminPost, adminRequest } from '../auth/admin-api.ts';
import { ConfirmDialog, confirmingTarget } from '../ui/confirm-dialog.tsx';
import { DataList, type ListColumn } from '../ui/data-list.tsx';
import { DetailCard } from '../ui/detail-layout.tsx';
import { formatDateTime } from '../ui/format.ts';

const BACKUPS_KEY = ['admin', 'backups'] as const;
const KIND_LABELS: Record<BackupEntry['kind'], string> = {
  manual: 'Manual',
  automatic: 'Automatic',
  'before-restore': 'Before a restore',
};

function formatSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** "products 2, orders 1, …": the biggest tables first, the empty ones left out. */
export function restoredSummary(result: RestoreResult): string {
  const counts = Object.entries(result.restored)
    .filter(([, count]) => count > 0)
    .sort((a, b) => b[1] - a[1])
    .map(([table, count]) => `${table.replaceAll('_', ' ')} ${count}`);
  return [...counts, `files ${result.files}`].join(', ');
}

/** What a restore replaces, in the confirmation: from a stored backup or an uploaded file. */
type RestoreTarget = { kind: 'stored'; backup: BackupEntry } | { kind: 'file'; file: File };

const errorText = (error: unknown, fallback: string) => (error instanceof ApiError ? error.message : fallback);

/**
 * Settings → System → Backups (docs/product.md#backups): the stored backups with download,
 * restore and delete; "Back up now" with a progress bar while it runs; restore from a file.
 * A restore is confirmed first, naming what it replaces; its result toast gives the counts.
 */
export function BackupsPanel() {
  const queryClient = useQueryClient();
  const [restoreTarget, setRestoreTarget] = useState<RestoreTarget | null>(null);
  const [deleteTarget, setDeleteTarget] = useState<BackupEntry | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  const backups = useQuery({
    queryKey: BACKUPS_KEY,
    queryFn: () => adminGet<BackupEntry[]>('/admin/settings/backups'),
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: BACKUPS_KEY });

  const create = useMutation({
    mutationFn: () => adminPost<BackupEntry>('/admin/settings/backup'),
    onSuccess: (entry) => {
      toast({ variant: 'success', title: 'Backup made', description: `${entry.name} (${formatSize(entry.size)})` });
      void refresh();
    },
    onError: (error) => toast({ variant: 'error', title: errorText(error, 'Could not make the backup') }),
  });

  const restore = useMutation({
    mutationFn: (target: RestoreTarget) => {
      if (target.kind === 'stored')
        return adminPost<RestoreResult>(`/admin/settings/backups/${encodeURIComponent(target.backup.name)}/restore`);
      const body = new FormData();
      body.append(RESTORE_FIELD, target.file);
      return adminRequest<RestoreResult>('/admin/settings/restore', { method: 'POST', body });
    },
    onSuccess: (result) => {
      setRestoreTarget(null);
      toast({
        variant: 'success',
        title: `Shop restored from the backup of ${formatDateTime(result.backup_created_at)}`,
        description: `Restored: ${restoredSummary(result)}.`,
        duration: 10_000,
      });
      // Everything on screen may have changed.
      void queryClient.invalidateQueries();
    },
    onError: (error) => {
      setRestoreTarget(null);
      toast({ variant: 'error', title: errorText(error, 'Could not restore the backup'), duration: 10_000 });
    },
  });

  const remove = useMutation({
    mutationFn: (backup: BackupEntry) => adminDelete(`/admin/settings/backups/${encodeURIComponent(backup.name)}`),
    onSuccess: () => {
      setDeleteTarget(null);
      toast({ variant: 'success', title: 'Backup deleted' });
      void refresh();
    },
    onError: (error) => {
      setDeleteTarget(null);
      toast({ variant: 'error', title: errorText(error, 'Could not delete the backup') });
    },
  });

  const download = async (backup: BackupEntry) => {
    try {
      const { blob, filename } = await adminDownload(`/admin/settings/backups/${encodeURIComponent(backup.name)}`, {
        accept: 'application/gzip',
      });
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = filename ?? backup.name;
      link.click();
      URL.revokeObjectURL(url);
    } catch (error) {
      toast({ variant: 'error', title: errorText(error, 'Could not download the backup') });
    }
  };

  const busy = create.isPending || restore.isPending;
  const columns: ReadonlyArray<ListColumn<BackupEntry>> = [
    {
      header: 'Made',
      card: 'title',
      className: 'whitespace-nowrap',
      cell: (backup) => <span className="font-medium text-strong">{formatDateTime(backup.created_at)}</span>,
    },
    { header: 'Kind', card: 'line', cell: (backup) => KIND_LABELS[backup.kind] },
    { header: 'Size', card: 'line', className: 'whitespace-nowrap', cell: (backup) => formatSize(backup.size) },
    {
      header: 'Actions',
      headerHidden: true,
      align: 'right',
      card: 'actions',
      cell: (backup) => {
        const when = formatDateTime(backup.created_at);
        return (
          <span className="inline-flex flex-wrap justify-end gap-2">
            {(
              [
                ['Download', () => void download(backup), false],
                ['Restore', () => setRestoreTarget({ kind: 'stored', backup }), busy],
                ['Delete', () => setDeleteTarget(backup), false],
              ] as const
            ).map(([action, onClick, disabled]) => (
              <button
                key={action}
                type="button"
                className="btn-secondary px-3 py-1.5 text-xs"
                aria-label={`${action} the backup of ${when}`}
                disabled={disabled}
                onClick={onClick}
              >
                {action}
              </button>
            ))}
          </span>
        );
      },
    },
  ];

  const restoreDate =
    restoreTarget?.kind === 'stored' ? formatDateTime(restoreTarget.backup.created_at) : restoreTarget?.file.name;

  const status = busy ? (
    <div role="status" className="space-y-1">
      <p className="text-sm text-muted">
        {create.isPending ? 'Backing up the shop…' : 'Restoring the shop… the storefront refuses orders meanwhile.'}
      </p>
      <progress className="w-full" aria-label={create.isPending ? 'Backup in progress' : 'Restore in progress'} />
    </div>
  ) : null;
  const listState = backups.isPending ? (
    <p className="text-sm text-muted">Loading backups…</p>
  ) : backups.isError ? (
    <p role="alert" className="text-sm text-danger">
      {errorText(backups.error, 'Could not load the backups')}
    </p>
  ) : backups.data.length === 0 ? (
    <p className="text-sm text-muted">No backups yet. Make one with “Back up now”.</p>
  ) : null;

  return (
    // A card like the settings above it; the list sits flush in it, as lists do in detail cards.
    <DetailCard
      flush
      title="Backups"
      description="The whole shop: products, orders, customers, settings and uploaded pictures."
      action={
        <div className="flex flex-wrap gap-2">
          <button type="button" className="btn-secondary" disabled={busy} onClick={() => fileInput.current?.click()}>
            Restore from a file…
          </button>
          <button type="button" className="btn-primary" disabled={busy} onClick={() => create.mutate()}>
            {create.isPending ? 'Backing up…' : 'Back up now'}
          </button>
          <input
            ref={fileInput}
            type="file"
            accept=".gz,application/gzip"
            className="hidden"
            aria-label="Backup file to restore"
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (file) setRestoreTarget({ kind: 'file', file });
            }}
          />
        </div>
      }
    >
      {status || listState ? (
        <div className="space-y-4 px-5 pb-5 sm:px-6">
          {status}
          {listState}
        </div>
      ) : null}
      {backups.data && backups.data.length > 0 ? (
        <div className="border-t border-line">
          <DataList label="Backups" rows={backups.data} columns={columns} rowKey={(backup) => backup.name} />
        </div>
      ) : null}
      <ConfirmDialog
        title="Restore this backup?"
        confirmLabel="Restore"
        danger
        {...confirmingTarget(restoreTarget, () => setRestoreTarget(null), restore)}
      >
        This replaces all products, orders, customers, settings and pictures with the backup of {restoreDate}. A backup
        of the shop as it is now is taken first.
      </ConfirmDialog>
      <ConfirmDialog
        title="Delete this backup?"
        confirmLabel="Delete"
        danger
        {...confirmingTarget(deleteTarget, () => setDeleteTarget(null), remove)}
      >
        The backup of {deleteTarget ? formatDateTime(deleteTarget.created_at) : ''} is deleted for good.
      </ConfirmDialog>
    </DetailCard>
  );
}
