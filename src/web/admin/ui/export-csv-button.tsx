import { useState } from 'react';
import type { QueryParams } from '#web/lib/api-client.ts';
import { toast } from '#web/lib/toast.ts';
import { adminDownload } from '../auth/admin-api.ts';

/** Hands a downloaded file to the browser's save flow (an export, a report). */
export function saveFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has started the download; the object URL is not needed after this turn.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * "Export CSV": asks `path` for the list as CSV with the admin's filters (page and page size left
 * out: the export is the whole filtered list) and saves it as a file. A failure is an error toast
 * with the caller's words ("Failed to export promo codes").
 */
export function ExportCsvButton({
  path,
  query,
  filename,
  errorMessage,
  label = 'Export CSV',
  className = 'btn-secondary px-3 py-1.5 text-sm',
}: {
  path: string;
  query: QueryParams;
  /** Used when the server does not name the file. */
  filename: string;
  errorMessage: string;
  label?: string;
  /** The button's look: a compact secondary button by default (a filter bar's action). */
  className?: string;
}) {
  const [pending, setPending] = useState(false);
  const exportList = async () => {
    setPending(true);
    try {
      const { page: _page, limit: _limit, ...filters } = query;
      const file = await adminDownload(path, { query: filters, accept: 'text/csv' });
      saveFile(file.blob, file.filename ?? filename);
    } catch {
      toast({ variant: 'error', title: errorMessage });
    } finally {
      setPending(false);
    }
  };
  return (
    <button
      type="button"
      className={className}
      disabled={pending}
      aria-busy={pending}
      onClick={() => void exportList()}
    >
      {label}
    </button>
  );
}
