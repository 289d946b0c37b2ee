import type { FastifyBaseLogger } from 'fastify';
import type { AuditContext } from '#server/audit/audit-context.ts';
import type { Database, Db, Subscription } from '#server/db/client.ts';
import type { SecretBox } from '#server/security/secret-box.ts';
import type { SettingsPatch, SettingsValues, StoredSettingsSection } from '#shared/contracts/settings.ts';
import {
  loadSettings,
  openSecret,
  type SaveSettingsOptions,
  SETTINGS_CHANNEL,
  type StoredSettings,
  saveSettings,
  withSettingsLock,
} from './shop-settings.service.ts';

/**
 * The shop's settings in this process's memory (docs/architecture.md#shop-settings), so reading
 * them costs a storefront request no database round trip. Loaded once at start; every save, by
 * any process, announces itself on SETTINGS_CHANNEL in its transaction, and each process reloads
 * (one query) when it hears it. A save made here is in memory as soon as it commits.
 */
export class SettingsStore {
  private stored: StoredSettings | undefined;
  private subscription: Subscription | undefined;
  /** The reload in flight, and whether another notification arrived meanwhile. */
  private reloading: Promise<void> | undefined;
  private reloadAgain = false;
  /** The last reload failed: memory may be behind the database until one succeeds. */
  private stale = false;
  /**
   * Bumped by each save applied here: a reload that started before it read older rows and must
   * not replace it (its own notification brings the next reload).
   */
  private version = 0;

  constructor(
    private readonly database: Database,
    private readonly defaults: SettingsValues,
    private readonly box: SecretBox,
    private readonly log?: FastifyBaseLogger,
  ) {}

  /** Subscribes, then loads: a notification sent during the load is not lost. Fails if the load fails. */
  async start(): Promise<void> {
    this.subscription = await this.database.listen(SETTINGS_CHANNEL, {
      onMessage: () => this.scheduleReload(),
      // The listening connection dropped: anything may have changed meanwhile.
      onGap: () => this.scheduleReload(),
    });
    this.stored = await this.load();
  }

  async stop(): Promise<void> {
    await this.reloading?.catch(() => {});
    await this.subscription?.close();
    this.subscription = undefined;
  }

  /** Every section as this process knows it now: memory only. */
  get values(): SettingsValues {
    return this.current.values;
  }

  get current(): StoredSettings {
    if (!this.stored) throw new Error('settings read before the store started');
    return this.stored;
  }

  /** A secret's clear value for the server's own use (the SMTP password for the mailer), or null. */
  secret(section: StoredSettingsSection, field: string): string | null {
    return openSecret(this.box, this.current, section, field);
  }

  /**
   * The settings with every change committed before this call applied (read-your-writes across
   * processes, for staff screens): one round trip on the listening connection on PostgreSQL, then
   * any reload it started. Storefront reads use `values` and never wait.
   */
  async fresh(): Promise<StoredSettings> {
    await this.subscription?.sync();
    if (this.stale) this.scheduleReload();
    while (this.reloading) await this.reloading;
    return this.current;
  }

  /**
   * Saves a patch (shop-settings.service.ts saveSettings) and keeps the result in memory.
   * `beforeWrite` checks what needs more than the fields (see SaveSettingsOptions).
   */
  async save(
    patch: SettingsPatch,
    context: AuditContext,
    pathsWithSection: boolean,
    beforeWrite?: SaveSettingsOptions['beforeWrite'],
  ): Promise<StoredSettings> {
    const saved = await saveSettings(this.database.db, patch, {
      box: this.box,
      defaults: this.defaults,
      context,
      pathsWithSection,
      beforeWrite,
    });
    this.version++;
    this.stored = saved;
    return saved;
  }

  /** Runs `work` under the settings' write lock with the settings as stored (shop-settings.service.ts withSettingsLock). */
  locked<T>(work: (tx: Db, stored: StoredSettings) => Promise<T>): Promise<T> {
    return withSettingsLock(this.database.db, { box: this.box, defaults: this.defaults }, work);
  }

  private load(): Promise<StoredSettings> {
    return loadSettings(this.database.db, this.defaults, this.box, (section, fields) =>
      this.log?.warn({ section, fields }, 'stored settings that are refused or do not open read as defaults'),
    );
  }

  private scheduleReload(): void {
    if (this.reloading) {
      this.reloadAgain = true;
      return;
    }
    this.reloading = this.reloadUntilQuiet().finally(() => {
      this.reloading = undefined;
    });
  }

  private async reloadUntilQuiet(): Promise<void> {
    do {
      this.reloadAgain = false;
      const started = this.version;
      try {
        const loaded = await this.load();
        if (this.version === started) this.stored = loaded;
        this.stale = false;
      } catch (error) {
        // Keep serving what we have; the next notification, gap or staff read tries again.
        this.stale = true;
        this.log?.warn({ err: error }, 'settings reload failed; keeping the settings in memory');
        return;
      }
    } while (this.reloadAgain);
  }
}
