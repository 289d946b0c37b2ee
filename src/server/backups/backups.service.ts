import { randomUUID } from 'node:crypto';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { recordAudit } from '#server/audit/audit.service.ts';
import type { AuditContext } from '#server/audit/audit-context.ts';
import { CATALOGUE_CHANNEL } from '#server/catalogue/catalogue-read-model.ts';
import type { Clock } from '#server/clock.ts';
import type { Database, Db } from '#server/db/client.ts';
import { errorChain } from '#server/db/errors.ts';
import { inTransaction } from '#server/db/transaction.ts';
import { AppError, notFound } from '#server/errors.ts';
import { insertSecurityAlert } from '#server/security/security-alerts.service.ts';
import { SETTING_KEYS } from '#server/settings/setting-keys.ts';
import { SETTINGS_CHANNEL } from '#server/settings/shop-settings.service.ts';
import {
  BACKUP_MESSAGES,
  BACKUP_NAME_PATTERN,
  type BackupEntry,
  type BackupKind,
  type RestoreResult,
} from '#shared/contracts/backups.ts';
import type { SystemSettings } from '#shared/contracts/settings.ts';
import { readArchive, writeArchive } from './backup-archive.ts';
import {
  appTables,
  exportSequences,
  exportTable,
  loadIntoSchema,
  migrationJournal,
  schemaVersionOf,
} from './backup-data.ts';

/** Arbitrary constant naming the automatic-backup advisory lock (one process runs the schedule). */
const SCHEDULE_LOCK_KEY = 4_204_033;
/** How often the schedule looks whether a backup is due (the clock says whether it is). */
export const SCHEDULE_CHECK_MS = 60_000;
const INTERVALS_MS = { daily: 86_400_000, weekly: 7 * 86_400_000 } as const;

/** How long a restore keeps trying to take every table before it gives up with nothing changed. */
const LOCK_PATIENCE_MS = 30_000;

/** SQLSTATE 55P03: `lock ... nowait` found a table held by another transaction. */
function isLockNotAvailable(error: unknown): boolean {
  for (const { code } of errorChain(error)) if (code === '55P03') return true;
  return false;
}

/**
 * Takes every table in access exclusive mode without ever WAITING while holding some: each try
 * asks for all of them with NOWAIT inside a savepoint, and a refusal rolls the savepoint back,
 * which lets go of the ones it got. A plain `lock table a, b, c` takes them one by one and waits
 * on each: an order that holds `products` and next writes `orders`, which the restore already
 * holds, deadlocks with it, and PostgreSQL aborts one of the two (a 500 to the merchant or to the
 * shopper; CI saw it). Orders in this process are already refused (`restoring`), so the ones in
 * flight finish within milliseconds and a retry a moment later gets everything.
 */
async function lockEveryTable(tx: Db, tables: string[]): Promise<void> {
  if (tables.length === 0) return;
  const statement = sql.raw(
    `lock table ${tables.map((t) => `public."${t}"`).join(', ')} in access exclusive mode nowait`,
  );
  const giveUpAt = Date.now() + LOCK_PATIENCE_MS;
  for (let attempt = 1; ; attempt += 1) {
    try {
      await tx.transaction(async (savepoint) => {
        await savepoint.execute(statement);
      });
      return;
    } catch (error) {
      if (!isLockNotAvailable(error)) throw error;
      if (Date.now() >= giveUpAt) throw new AppError(503, 'SERVICE_UNAVAILABLE', BACKUP_MESSAGES.tooBusy);
      await delay(Math.min(10 * attempt, 200));
    }
  }
}

/**
 * The restore loads rows with triggers and foreign-key checks off (`session_replication_role`),
 * which PostgreSQL allows a superuser only (or a role granted SET on it): asked first, in a
 * savepoint, so a shop whose role may not gets a plain answer with nothing changed, not a 500
 * halfway through (docs/operations.md#backups). The embedded database is always allowed.
 */
async function refuseUnlessRolesMayLoad(tx: Db): Promise<void> {
  try {
    await tx.transaction(async (savepoint) => {
      await savepoint.execute(sql.raw('set local session_replication_role = replica'));
      await savepoint.execute(sql.raw('set local session_replication_role = origin'));
    });
  } catch (error) {
    for (const { code } of errorChain(error))
      if (code === '42501') throw new AppError(409, 'CONFLICT', BACKUP_MESSAGES.needsSuperuser);
    throw error;
  }
}

/** `20261129T034501123Z` ↔ a date: the name carries the time and kind, so listing opens no archive. */
function stamp(at: Date): string {
  return at.toISOString().replace(/[-:.]/g, '');
}
function parseStamp(text: string): Date {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})(\d{3})Z$/.exec(text);
  if (!m) return new Date(Number.NaN);
  return new Date(`${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}.${m[7]}Z`);
}

export function entryOf(name: string, size: number): BackupEntry | undefined {
  const match = BACKUP_NAME_PATTERN.exec(name);
  if (!match) return undefined;
  const at = parseStamp(name.slice('cedar-backup-'.length, name.indexOf('Z-') + 1));
  if (Number.isNaN(at.getTime())) return undefined;
  return { name, kind: match[1] as BackupKind, created_at: at.toISOString(), size };
}

export interface BackupServiceOptions {
  database: Database;
  dataDir: string;
  uploadsDir: string;
  clock: Clock;
  /** Where a failed automatic backup is reported (the app's logger; a service knows nothing of Fastify). */
  log?: { warn(details: object, message: string): void };
  /** The schedule as the settings say now (system.backups). */
  schedule: () => SystemSettings['backups'];
  /**
   * Sends a stored security alert live to the admins signed in (the app's real-time server); the
   * command-line restore has none, and the alert waits in the bell.
   */
  announceAlert?: (alertId: string) => void;
}

/**
 * Backups and restores of the whole shop (docs/product.md#backups, decision 030): archives in
 * DATA_DIR/backups, the automatic schedule, and the restore gate (writes refused while a restore runs).
 */
export class BackupService {
  readonly dir: string;
  /** True while a restore runs in this process: writes are refused (503) so none is lost silently. */
  restoring = false;
  private busy = false;
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly options: BackupServiceOptions) {
    this.dir = path.join(options.dataDir, 'backups');
  }

  /** Stored backups, newest first. */
  async list(): Promise<BackupEntry[]> {
    const names = await readdir(this.dir).catch(() => [] as string[]);
    const entries: BackupEntry[] = [];
    for (const name of names) {
      if (!BACKUP_NAME_PATTERN.test(name)) continue;
      const info = await stat(path.join(this.dir, name)).catch(() => undefined);
      const entry = info && entryOf(name, info.size);
      if (entry) entries.push(entry);
    }
    return entries.sort((a, b) => b.created_at.localeCompare(a.created_at) || b.name.localeCompare(a.name));
  }

  /** The archive's path for a stored name (strictly a name this service makes), or 404. */
  async pathOf(name: string): Promise<string> {
    if (!BACKUP_NAME_PATTERN.test(name)) throw notFound('Backup');
    const file = path.join(this.dir, name);
    const info = await stat(file).catch(() => undefined);
    if (!info?.isFile()) throw notFound('Backup');
    return file;
  }

  async remove(name: string, context?: AuditContext): Promise<void> {
    const file = await this.pathOf(name);
    await rm(file, { force: true });
    await recordAudit(this.options.database.db, {
      context,
      action: 'backup.delete',
      entityType: 'backup',
      entityId: name,
    });
  }

  /** A new backup in DATA_DIR/backups, read in one transaction (a consistent snapshot). */
  async create(kind: BackupKind, context?: AuditContext): Promise<BackupEntry> {
    const entry = await this.exclusive(() =>
      this.options.database.db.transaction(async (tx) => {
        await tx.execute(sql.raw('set transaction isolation level repeatable read'));
        return this.writeBackup(tx, kind);
      }),
    );
    await recordAudit(this.options.database.db, {
      context,
      action: 'backup.create',
      entityType: 'backup',
      entityId: entry.name,
      after: entry,
    });
    return entry;
  }

  /** Writes one archive of what `db` sees (the caller's transaction). */
  private async writeBackup(db: Db, kind: BackupKind): Promise<BackupEntry> {
    await mkdir(this.dir, { recursive: true });
    const createdAt = this.uniqueTime();
    const name = `cedar-backup-${stamp(createdAt)}-${kind}.tar.gz`;
    const tables = [];
    for (const table of await appTables(db)) tables.push({ name: table, ...(await exportTable(db, table)) });
    const target = path.join(this.dir, name);
    await writeArchive(target, {
      createdAt,
      kind,
      database: this.options.database.kind,
      schema: await schemaVersionOf(db),
      tables,
      sequences: await exportSequences(db),
      uploadsDir: this.options.uploadsDir,
    });
    const info = await stat(target);
    return entryOf(name, info.size) as BackupEntry;
  }

  private lastStamp = 0;
  /** The clock's time, made unique per backup (names carry milliseconds). */
  private uniqueTime(): Date {
    const now = Math.max(this.options.clock.now().getTime(), this.lastStamp + 1);
    this.lastStamp = now;
    return new Date(now);
  }

  private async exclusive<T>(work: () => Promise<T>): Promise<T> {
    if (this.busy) throw new AppError(409, 'CONFLICT', BACKUP_MESSAGES.busy);
    this.busy = true;
    try {
      return await work();
    } finally {
      this.busy = false;
    }
  }

  /**
   * Restores an archive: checked whole first (a refused file changes nothing), then, in ONE
   * transaction holding every table locked, a backup of the shop as it is now is written and the
   * schema is rebuilt from the archive and migrated forward. Uploads are swapped after the commit.
   */
  async restore(file: string, context?: AuditContext): Promise<RestoreResult> {
    return this.exclusive(async () => {
      const staging = path.join(this.dir, `.restore-${randomUUID()}`);
      await mkdir(this.dir, { recursive: true });
      const archive = await readArchive(file, staging);
      try {
        const journal = await migrationJournal();
        const { schema } = archive.manifest;
        if (schema.migrations > journal.length) throw refuse(BACKUP_MESSAGES.newer);
        if (schema.migrations < 1 || journal[schema.migrations - 1]?.tag !== schema.tag)
          throw refuse(BACKUP_MESSAGES.unknownSchema);
        const current = await schemaVersionOf(this.options.database.db);
        this.restoring = true;
        const { counts, before } = await this.options.database.db.transaction(async (tx) => {
          await refuseUnlessRolesMayLoad(tx);
          const tables = await appTables(tx);
          await lockEveryTable(tx, tables);
          // Taken inside the lock: no write can land between this backup and the restore.
          const before = await this.writeBackup(tx, 'before-restore');
          // This instance keeps its own JWT key and sign-in path (every process holds them in
          // memory): sealed secrets from another instance then read as not set (docs/operations.md#backups).
          const instance = tables.includes('settings')
            ? (
                (await tx.execute(
                  sql`select value from settings where key = ${SETTING_KEYS.instanceSecrets}`,
                )) as unknown as { rows: { value: unknown }[] }
              ).rows[0]
            : undefined;
          const counts = await loadIntoSchema(tx, {
            migrations: schema.migrations,
            tables: archive.tables,
            sequences: archive.manifest.sequences,
          });
          if (instance)
            await tx.execute(
              sql`insert into settings (key, value) values (${SETTING_KEYS.instanceSecrets}, ${JSON.stringify(instance.value)}::jsonb)
                  on conflict (key) do update set value = excluded.value`,
            );
          // Every process reloads its in-memory catalogue and settings.
          await tx.execute(sql`select pg_notify(${CATALOGUE_CHANNEL}, '*'), pg_notify(${SETTINGS_CHANNEL}, 'restore')`);
          return { counts, before };
        });
        const files = await this.swapUploads(archive.uploadsDir);
        const result: RestoreResult = {
          restored: counts,
          files,
          before_restore: before,
          backup_created_at: archive.manifest.created_at,
          migrated_from: schema.migrations < current.migrations ? schema.tag : null,
        };
        // The restored shop may not know the admin who restored it: then only their email is kept.
        const actorId = context?.actor?.id;
        const known =
          actorId &&
          (
            (await this.options.database.db.execute(sql`select 1 from users where id = ${actorId}`)) as unknown as {
              rows: unknown[];
            }
          ).rows.length > 0;
        await recordAudit(this.options.database.db, {
          context,
          actor: context?.actor && !known ? { id: null, email: context.actor.email } : undefined,
          action: 'backup.restore',
          entityType: 'backup',
          entityId: path.basename(file),
          after: result,
        });
        await this.alertRestored(result, context, known ? (actorId ?? null) : null);
        return result;
      } finally {
        this.restoring = false;
        await rm(staging, { recursive: true, force: true });
      }
    });
  }

  /**
   * A restore replaces the whole shop: a `system`/`critical` security alert says who restored which
   * backup (docs/product.md#security-alerts). Stored in the restored database; never fails the restore.
   */
  private async alertRestored(result: RestoreResult, context: AuditContext | undefined, userId: string | null) {
    const who = context?.actor?.email ?? 'Someone';
    try {
      const alertId = await inTransaction(this.options.database.db, (tx) =>
        insertSecurityAlert(tx, {
          type: 'system',
          severity: 'critical',
          title: 'The shop was restored from a backup',
          description: `${who} restored the backup of ${result.backup_created_at}: everything since then was replaced. The shop as it was just before is kept as ${result.before_restore.name}.`,
          ipAddress: context?.ip ?? null,
          userId,
        }),
      );
      this.options.announceAlert?.(alertId);
    } catch (error) {
      this.options.log?.warn({ err: error }, 'restore alert not stored');
    }
  }

  /** Moves the unpacked uploads into place; the old folder is removed once the new one is there. */
  private async swapUploads(staging: string): Promise<number> {
    const uploads = this.options.uploadsDir;
    const old = `${uploads}.old-${randomUUID()}`;
    await rename(uploads, old).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error;
    });
    await rename(staging, uploads);
    await rm(old, { recursive: true, force: true });
    return countFiles(uploads);
  }

  /**
   * Takes an automatic backup if the schedule says one is due, then deletes the oldest automatic
   * ones beyond `keep`. On PostgreSQL one process at a time (a transaction-scoped advisory lock);
   * the others skip. Returns the new backup, if any. Tests call it after moving their clock.
   */
  async runDue(): Promise<BackupEntry | undefined> {
    const { schedule, keep } = this.options.schedule();
    if (schedule === 'off' || this.busy) return undefined;
    const entry = await this.exclusive(() =>
      this.options.database.db.transaction(async (tx) => {
        await tx.execute(sql.raw('set transaction isolation level repeatable read'));
        const [lock] = (
          (await tx.execute(sql`select pg_try_advisory_xact_lock(${SCHEDULE_LOCK_KEY}) as locked`)) as unknown as {
            rows: { locked: boolean }[];
          }
        ).rows;
        if (!lock?.locked) return undefined;
        const newest = (await this.list()).find((backup) => backup.kind === 'automatic');
        const now = this.options.clock.now().getTime();
        if (newest && now - new Date(newest.created_at).getTime() < INTERVALS_MS[schedule]) return undefined;
        return this.writeBackup(tx, 'automatic');
      }),
    );
    if (!entry) return undefined;
    await recordAudit(this.options.database.db, {
      action: 'backup.create',
      entityType: 'backup',
      entityId: entry.name,
      after: entry,
    });
    const automatic = (await this.list()).filter((backup) => backup.kind === 'automatic');
    for (const stale of automatic.slice(keep)) await rm(path.join(this.dir, stale.name), { force: true });
    return entry;
  }

  /** Looks every minute whether an automatic backup is due (never keeps the process alive). */
  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => {
      this.runDue().catch((error: unknown) => this.options.log?.warn({ err: error }, 'automatic backup failed'));
    }, SCHEDULE_CHECK_MS);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }
}

const refuse = (message: string) => new AppError(400, 'VALIDATION_ERROR', message, [{ path: 'file', message }]);

async function countFiles(dir: string): Promise<number> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true }).catch(() => []);
  return entries.filter((entry) => entry.isFile()).length;
}
