import { describe, expect, it } from 'vitest';
import type { BackupEntry, RestoreResult } from '#shared/contracts/backups.ts';
import { adminTestSetup, click } from '#web/test/admin.tsx';
import { errorBody, json, recordedApi, route } from '#web/test/api.ts';
import { buttonByText } from '#web/test/queries.ts';
import { waitFor } from '#web/test/render.tsx';
import { BackupsPanel } from './backups-panel.tsx';

const NIGHTLY: BackupEntry = {
  name: 'cedar-backup-20261128T020000000Z-automatic.tar.gz',
  kind: 'automatic',
  created_at: '2026-11-28T02:00:00.000Z',
  size: 3_400_000,
};
const FRESH: BackupEntry = {
  name: 'cedar-backup-20261129T101500000Z-manual.tar.gz',
  kind: 'manual',
  created_at: '2026-11-29T10:15:00.000Z',
  size: 3_500_000,
};
const RESULT: RestoreResult = {
  restored: { products: 120, orders: 45, customers: 30, reviews: 0 },
  files: 360,
  before_restore: { ...FRESH, name: 'cedar-backup-20261129T101600000Z-before-restore.tar.gz', kind: 'before-restore' },
  backup_created_at: NIGHTLY.created_at,
  migrated_from: null,
};

const { toasts, mount } = adminTestSetup();
let stored: BackupEntry[] = [];
const { calls, answers } = recordedApi((path) => {
  if (path === 'GET /api/admin/settings/backups') return json({ data: stored });
  return errorBody('Not found', 404);
});

describe('BackupsPanel', () => {
  it('lists the backups; "Back up now" shows progress while it runs, then the new backup', async () => {
    stored = [NIGHTLY];
    let finish: (response: Response) => void = () => {};
    answers['POST /api/admin/settings/backup'] = () =>
      new Promise<Response>((resolve) => {
        finish = resolve;
      });
    const root = await mount(<BackupsPanel />);
    await waitFor(() => expect(root.textContent).toContain('Automatic'));
    expect(root.textContent).toContain('3.2 MB');
    await click(buttonByText(root, 'Back up now'));
    await waitFor(() => expect(root.querySelector('progress[aria-label="Backup in progress"]')).not.toBeNull());
    expect(buttonByText(root, 'Backing up…')?.hasAttribute('disabled')).toBe(true);
    stored = [FRESH, NIGHTLY];
    finish(json({ data: FRESH }, 201));
    await waitFor(() => expect(root.querySelector('progress')).toBeNull());
    await waitFor(() => expect(root.textContent).toContain('Manual'));
    expect(toasts.at(-1)).toMatchObject({ variant: 'success', title: 'Backup made' });
  });

  it('restores after a confirmation naming what is replaced, and reports the counts', async () => {
    stored = [NIGHTLY];
    answers[`POST /api/admin/settings/backups/${NIGHTLY.name}/restore`] = () => json({ data: RESULT });
    const root = await mount(<BackupsPanel />);
    await waitFor(() => expect(root.textContent).toContain('Automatic'));
    const restoreButton = root.querySelector('button[aria-label^="Restore the backup of"]');
    await click(restoreButton);
    await waitFor(() => expect(document.body.textContent).toContain('This replaces all products, orders, customers'));
    expect(document.body.textContent).toContain('A backup of the shop as it is now is taken first.');
    expect(calls.some((call) => route(call).endsWith('/restore'))).toBe(false);
    await click(buttonByText(document.body, 'Restore'));
    await waitFor(() => expect(calls.some((call) => route(call).endsWith('/restore'))).toBe(true));
    await waitFor(() => expect(toasts.at(-1)?.title).toMatch(/^Shop restored from the backup of/));
    expect(toasts.at(-1)?.description).toBe('Restored: products 120, orders 45, customers 30, files 360.');
  });

  it("shows the server's refusal of a restore in words, and deletes after a confirmation", async () => {
    stored = [NIGHTLY];
    answers[`POST /api/admin/settings/backups/${NIGHTLY.name}/restore`] = () =>
      errorBody('This backup comes from a newer version of the shop', 400, 'VALIDATION_ERROR');
    answers[`DELETE /api/admin/settings/backups/${NIGHTLY.name}`] = () => new Response(null, { status: 204 });
    const root = await mount(<BackupsPanel />);
    await waitFor(() => expect(root.textContent).toContain('Automatic'));
    await click(root.querySelector('button[aria-label^="Restore the backup of"]'));
    await click(buttonByText(document.body, 'Restore'));
    await waitFor(() =>
      expect(toasts.at(-1)).toMatchObject({
        variant: 'error',
        title: 'This backup comes from a newer version of the shop',
      }),
    );
    await click(root.querySelector('button[aria-label^="Delete the backup of"]'));
    await click(buttonByText(document.body, 'Delete'));
    await waitFor(() => expect(toasts.at(-1)).toMatchObject({ variant: 'success', title: 'Backup deleted' }));
  });
});
