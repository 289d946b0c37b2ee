import { z } from 'zod';
import { safeText } from './text.ts';

/**
 * Backups of the whole shop (docs/product.md#backups; decision 030), admin only, inside
 * `/admin/settings`:
 * - POST   /admin/settings/backup                    → 201 { data: BackupEntry } (a manual backup, stored)
 * - GET    /admin/settings/backups                   → { data: BackupEntry[] } (newest first)
 * - GET    /admin/settings/backups/{name}            → the archive (application/gzip)
 * - DELETE /admin/settings/backups/{name}            → 204
 * - POST   /admin/settings/restore                   multipart, field `file` → { data: RestoreResult }
 * - POST   /admin/settings/backups/{name}/restore    → { data: RestoreResult }
 */
export const BACKUP_KINDS = ['manual', 'automatic', 'before-restore'] as const;
export type BackupKind = (typeof BACKUP_KINDS)[number];

/** `cedar-backup-20261129T034501123Z-manual.tar.gz`: a name the server made, nothing else (no paths). */
export const BACKUP_NAME_PATTERN = /^cedar-backup-\d{8}T\d{9}Z-(manual|automatic|before-restore)\.tar\.gz$/;

export const BackupNameSchema = safeText({ error: 'Backup name must be text' })
  .max(80, 'Unknown backup name')
  .regex(BACKUP_NAME_PATTERN, 'Unknown backup name');

export const BackupEntrySchema = z.object({
  name: z.string(),
  kind: z.enum(BACKUP_KINDS),
  created_at: z.string(),
  size: z.number().int(),
});
export type BackupEntry = z.infer<typeof BackupEntrySchema>;

export const RestoreResultSchema = z.object({
  /** Rows restored per table. */
  restored: z.record(z.string(), z.number().int()),
  /** Uploaded files restored. */
  files: z.number().int(),
  /** The backup of the shop as it was just before, taken first. */
  before_restore: BackupEntrySchema,
  /** The backup's own date and schema (a backup from an older version is migrated forward). */
  backup_created_at: z.string(),
  migrated_from: z.string().nullable(),
});
export type RestoreResult = z.infer<typeof RestoreResultSchema>;

/** The multipart field of POST /admin/settings/restore. */
export const RESTORE_FIELD = 'file';

/** Error messages of docs/product.md#backups. */
export const BACKUP_MESSAGES = {
  notABackup: 'This file is not a Cedar Shop backup',
  newer: 'This backup comes from a newer version of the shop',
  unknownSchema: 'This backup comes from a different version of the shop and cannot be restored here',
  damaged: (file: string) => `The backup is damaged: ${file} does not match its checksum`,
  unreadable: 'The backup is damaged: the archive cannot be read to the end',
  missing: (file: string) => `The backup is damaged: ${file} is missing`,
  noFile: 'Choose a backup file to restore (field "file")',
  busy: 'A backup or restore is already running; try again in a minute',
  needsSuperuser:
    "This database's role may not restore a backup (PostgreSQL lets only a superuser load rows with their checks off); nothing was changed. Restore it with `npm run restore FILE` as a superuser",
  tooBusy: 'The shop stayed too busy to restore it, and nothing was changed; please try again in a minute',
  restoring: 'The shop is being restored from a backup; please try again in a minute',
} as const;
