import { and, eq, inArray, sql } from 'drizzle-orm';
import { recordAudit } from '#server/audit/audit.service.ts';
import type { AuditContext } from '#server/audit/audit-context.ts';
import type { Db } from '#server/db/client.ts';
import { inTransaction } from '#server/db/transaction.ts';
import { badRequest } from '#server/errors.ts';
import { createSecretBox, isSealed, type SecretBox } from '#server/security/secret-box.ts';
import type { FieldError } from '#shared/contracts/common.ts';
import {
  type AllSettings,
  type PublicSettings,
  SECRET_FIELDS,
  SECTION_SCHEMAS,
  SETTINGS_SECTIONS,
  type SettingsPatch,
  type SettingsValues,
  STORED_SETTINGS_SECTIONS,
  type StoredSettingsSection,
  secretsNeeded,
} from '#shared/contracts/settings.ts';
import { GOVERNORATE_NAMES, GOVERNORATES, PAYMENT_METHODS } from '#shared/shop-settings.ts';
import { SECTION_KEYS } from './setting-keys.ts';
import { settings } from './settings.table.ts';
import { deepMerge, sanitizeSection, TEXT_CHANNEL_FIELDS } from './settings-defaults.ts';

/**
 * The shop's settings in the database (docs/product.md#shop-settings): one row per section in
 * `settings`, holding the section's whole value with its secrets sealed (secret-box.ts, a key of
 * their own derived from the instance secret). Reads merge the stored value over the defaults, so
 * a field added later reads as its default; writes validate the merged section, store it, audit
 * it with secrets masked and announce it on SETTINGS_CHANNEL in the same transaction.
 */

/** The NOTIFY channel of settings changes: the payload names the sections, comma-separated. */
export const SETTINGS_CHANNEL = 'cedar_settings';

/** Arbitrary constant naming the settings writers' lock (one read-merge-write at a time). */
const SETTINGS_LOCK_KEY = 4_204_041;

/** Sealed secret values by section and field (null: not set). */
export type SealedSecrets = Record<StoredSettingsSection, Record<string, string | null>>;

export interface StoredSettings {
  values: SettingsValues;
  sealed: SealedSecrets;
}

export const settingsSecretBox = (instanceSecret: string): SecretBox => createSecretBox(instanceSecret, 'settings');

/** A secret is bound to its section and field: a sealed value copied elsewhere does not open. */
const secretContext = (section: StoredSettingsSection, field: string) => `${SECTION_KEYS[section]}:${field}`;

export function openSecret(
  box: SecretBox,
  stored: StoredSettings,
  section: StoredSettingsSection,
  field: string,
): string | null {
  const sealed = stored.sealed[section][field];
  return sealed ? box.open(sealed, secretContext(section, field)) : null;
}

/**
 * Stored row → section value and its sealed secrets; `replaced` names what fell back to defaults.
 * A secret that does not open with this instance's key (JWT_SECRET changed, or the value was
 * altered) reads as not set: a GET must not say `{set: true}` of a password the mailer cannot use.
 */
function readSection(
  section: StoredSettingsSection,
  stored: unknown,
  defaults: SettingsValues,
  box: SecretBox,
): { value: SettingsValues[StoredSettingsSection]; sealed: Record<string, string | null>; replaced: string[] } {
  const fields = (typeof stored === 'object' && stored !== null ? stored : {}) as Record<string, unknown>;
  const sealed: Record<string, string | null> = {};
  const rest = { ...fields };
  const unreadable: string[] = [];
  for (const field of SECRET_FIELDS[section]) {
    const value = rest[field];
    delete rest[field];
    const opens =
      typeof value === 'string' && isSealed(value) && box.open(value, secretContext(section, field)) !== null;
    sealed[field] = opens ? (value as string) : null;
    if (value != null && !opens) unreadable.push(field);
  }
  const { value, replaced } = sanitizeSection(section, rest, defaults[section]);
  return { value, sealed, replaced: [...replaced, ...unreadable] };
}

/**
 * The failed sign-ins before lockout were `system.sign_in_attempts` until the security section
 * took them over (security.access.max_login_attempts): a shop that saved its own number keeps it
 * until its security section is first saved (the section then holds it). Checked like any stored value.
 */
function carriedOverSecurity(byKey: ReadonlyMap<string, unknown>): unknown {
  const system = byKey.get(SECTION_KEYS.system) as { sign_in_attempts?: unknown } | undefined;
  const attempts = system?.sign_in_attempts;
  return typeof attempts === 'number' ? { access: { max_login_attempts: attempts } } : undefined;
}

/**
 * Every section as stored, over `defaults`: one query. `onReplaced` hears about stored fields the
 * rules now refuse (they read as their default) and secrets that do not open (they read as not
 * set): the names only, never the values.
 */
export async function loadSettings(
  db: Db,
  defaults: SettingsValues,
  box: SecretBox,
  onReplaced?: (section: StoredSettingsSection, fields: string[]) => void,
): Promise<StoredSettings> {
  const rows = await db
    .select({ key: settings.key, value: settings.value })
    .from(settings)
    .where(inArray(settings.key, Object.values(SECTION_KEYS)));
  const byKey = new Map(rows.map((row) => [row.key, row.value]));
  const values = {} as Record<StoredSettingsSection, unknown>;
  const sealed = {} as SealedSecrets;
  for (const section of STORED_SETTINGS_SECTIONS) {
    const stored =
      byKey.get(SECTION_KEYS[section]) ?? (section === 'security' ? carriedOverSecurity(byKey) : undefined);
    const read = readSection(section, stored, defaults, box);
    values[section] = read.value;
    sealed[section] = read.sealed;
    if (read.replaced.length > 0) onReplaced?.(section, read.replaced);
  }
  return { values: values as unknown as SettingsValues, sealed };
}

/** Secrets of the first start in clear (the environment's provider keys), sealed as they are stored. */
export interface FirstStartSecrets {
  box: SecretBox;
  values: Partial<Record<StoredSettingsSection, Partial<Record<string, string>>>>;
}

const sealedDefaults = (section: StoredSettingsSection, secrets: FirstStartSecrets | undefined) => {
  const sealed = emptySecrets(section);
  for (const field of SECRET_FIELDS[section]) {
    const value = secrets?.values[section]?.[field];
    if (secrets && value) sealed[field] = secrets.box.seal(value, secretContext(section, field));
  }
  return sealed;
};

/**
 * The first start stores the defaults (with the environment's shop name and contact details, and
 * its text channel with the provider's keys sealed), so from then on the database alone decides
 * and every process agrees whatever its environment. Sections already stored are left alone, but
 * for one thing: email settings stored before the text channel was a setting take the
 * environment's channel and keys once (an upgrade keeps texting through the same provider).
 */
export async function storeFirstStartSettings(
  db: Db,
  defaults: SettingsValues,
  secrets?: FirstStartSecrets,
): Promise<void> {
  await db
    .insert(settings)
    .values(
      STORED_SETTINGS_SECTIONS.map((section) => ({
        key: SECTION_KEYS[section],
        value: storedValue(section, defaults[section], sealedDefaults(section, secrets)),
      })),
    )
    .onConflictDoNothing();
  const [email] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, SECTION_KEYS.email));
  const stored = email?.value;
  if (typeof stored !== 'object' || stored === null || 'text_channel' in stored) return;
  const sealed = sealedDefaults('email', secrets);
  const adopted: Record<string, unknown> = { ...stored };
  for (const field of TEXT_CHANNEL_FIELDS) adopted[field] = defaults.email[field];
  for (const field of ['sms_auth_token', 'whatsapp_token'] as const) adopted[field] = sealed[field];
  await db
    .update(settings)
    .set({ value: adopted, updatedAt: new Date() })
    .where(and(eq(settings.key, SECTION_KEYS.email), sql`not (${settings.value} ? 'text_channel')`));
  await db.execute(sql`select pg_notify(${SETTINGS_CHANNEL}, 'email')`);
}

const emptySecrets = (section: StoredSettingsSection): Record<string, string | null> =>
  Object.fromEntries(SECRET_FIELDS[section].map((field) => [field, null]));

const storedValue = (section: StoredSettingsSection, value: unknown, sealed: Record<string, string | null>) =>
  SECRET_FIELDS[section].length === 0 ? value : { ...(value as object), ...sealed };

/** Every stored section as staff read it (the security one has no secrets). */
type MaskedSections = AllSettings & Pick<SettingsValues, 'security'>;

/** A section as staff read it: secrets answered as `{ set }`, never their value. */
export function maskedSection<S extends StoredSettingsSection>(stored: StoredSettings, section: S): MaskedSections[S] {
  const secrets = Object.fromEntries(
    SECRET_FIELDS[section].map((field) => [field, { set: stored.sealed[section][field] != null }]),
  );
  return { ...stored.values[section], ...secrets } as unknown as MaskedSections[S];
}

export function maskedSettings(stored: StoredSettings): AllSettings {
  return Object.fromEntries(
    SETTINGS_SECTIONS.map((section) => [section, maskedSection(stored, section)]),
  ) as AllSettings;
}

export interface SaveSettingsOptions {
  box: SecretBox;
  defaults: SettingsValues;
  context: AuditContext;
  /** Error paths start with the section (`site.shop_name`): a PUT of several sections. */
  pathsWithSection: boolean;
  /**
   * Runs once the patch is checked and before anything is written, in the save's transaction
   * under its lock, with the settings as stored and as they would be saved: a rule that needs
   * more than the section's own fields (turning the address allowlist on must not shut out
   * its author) throws here, and nothing is saved.
   */
  beforeWrite?: (tx: Db, next: StoredSettings, current: StoredSettings) => Promise<void>;
}

/**
 * Runs `work` in a transaction holding the settings' write lock, with the settings as stored:
 * a write elsewhere that depends on a setting (removing an allowlist entry while the list is on)
 * cannot interleave with a save that changes it.
 */
export async function withSettingsLock<T>(
  db: Db,
  options: Pick<SaveSettingsOptions, 'box' | 'defaults'>,
  work: (tx: Db, stored: StoredSettings) => Promise<T>,
): Promise<T> {
  return inTransaction(db, async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SETTINGS_LOCK_KEY})`);
    return work(tx, await loadSettings(tx, options.defaults, options.box));
  });
}

/**
 * Applies `patch` (already shaped by its schema) to the stored sections in one transaction: each
 * section is merged, checked whole by its schema (rules across fields), sealed, stored, audited
 * with before and after (secrets as `{ set }`, and `changed` when replaced or cleared) and
 * announced on SETTINGS_CHANNEL. A refusal anywhere (400 naming each field) saves nothing.
 * Sections the patch leaves as they were are neither written nor audited.
 */
export async function saveSettings(
  db: Db,
  patch: SettingsPatch,
  options: SaveSettingsOptions,
): Promise<StoredSettings> {
  return inTransaction(db, async (tx) => {
    // Two staff saving at once must not lose each other's fields (read, merge, write).
    await tx.execute(sql`select pg_advisory_xact_lock(${SETTINGS_LOCK_KEY})`);
    const current = await loadSettings(tx, options.defaults, options.box);
    const next: StoredSettings = {
      values: { ...current.values },
      sealed: { ...current.sealed },
    };
    const errors: FieldError[] = [];
    const changed: { section: StoredSettingsSection; secrets: string[] }[] = [];

    for (const section of STORED_SETTINGS_SECTIONS) {
      const sectionPatch = patch[section] as Record<string, unknown> | undefined;
      if (sectionPatch === undefined) continue;
      const { secretInputs, fields } = splitSecrets(section, sectionPatch);
      const merged = deepMerge(current.values[section], fields);
      const parsed = SECTION_SCHEMAS[section].safeParse(merged);
      const pathOf = (path: readonly PropertyKey[]) =>
        [...(options.pathsWithSection ? [section] : []), ...path.map(String)].join('.') || section;
      const sectionErrors: FieldError[] = parsed.success
        ? []
        : parsed.error.issues.map((issue) => ({ path: pathOf(issue.path), message: issue.message }));
      const sealed = { ...current.sealed[section] };
      const secretsChanged: string[] = [];
      for (const [field, input] of Object.entries(secretInputs)) {
        if (typeof input === 'string' && input !== '') {
          sealed[field] = options.box.seal(input, secretContext(section, field));
          secretsChanged.push(field);
        } else if (input === null && sealed[field] != null) {
          sealed[field] = null;
          secretsChanged.push(field);
        }
      }
      // The secrets the values need (SMS's auth token), as they would be saved: kept, replaced or removed.
      for (const { field, message } of secretsNeeded(section, merged as SettingsValues[typeof section])) {
        if (sealed[field] == null) sectionErrors.push({ path: pathOf([field]), message });
      }
      if (!parsed.success || sectionErrors.length > 0) {
        errors.push(...sectionErrors);
        continue;
      }
      next.values = { ...next.values, [section]: parsed.data };
      next.sealed = { ...next.sealed, [section]: sealed };
      const sameValue = JSON.stringify(parsed.data) === JSON.stringify(current.values[section]);
      if (!sameValue || secretsChanged.length > 0) changed.push({ section, secrets: secretsChanged });
    }
    if (errors.length > 0) {
      throw badRequest(
        `Invalid settings: ${errors.map((error) => `${error.path}: ${error.message}`).join('; ')}`,
        errors,
      );
    }
    if (changed.length > 0) await options.beforeWrite?.(tx, next, current);

    for (const { section, secrets } of changed) {
      const key = SECTION_KEYS[section];
      const value = storedValue(section, next.values[section], next.sealed[section]);
      await tx
        .insert(settings)
        .values({ key, value })
        .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: new Date() } });
      const after = maskedSection(next, section) as Record<string, unknown>;
      for (const field of secrets) after[field] = { ...(after[field] as object), changed: true };
      await recordAudit(tx, {
        context: options.context,
        action: 'settings.update',
        entityType: 'setting',
        entityId: key,
        before: maskedSection(current, section),
        after,
      });
    }
    if (changed.length > 0) {
      // Sent on commit only: every process reloads what was committed, never a rolled-back write.
      await tx.execute(sql`select pg_notify(${SETTINGS_CHANNEL}, ${changed.map((item) => item.section).join(',')})`);
    }
    return next;
  });
}

/** A section patch's secret inputs apart from its other fields. */
function splitSecrets(
  section: StoredSettingsSection,
  patch: Record<string, unknown>,
): { secretInputs: Record<string, unknown>; fields: Record<string, unknown> } {
  const fields = { ...patch };
  const secretInputs: Record<string, unknown> = {};
  for (const field of SECRET_FIELDS[section]) {
    if (field in fields) secretInputs[field] = fields[field];
    delete fields[field];
  }
  return { secretInputs, fields };
}

/** What anyone may read (GET /site/settings): contact details, currency, enabled methods, zones. */
export function publicSettings(values: SettingsValues): PublicSettings {
  const { site, payment, shipping, tax, system } = values;
  return {
    shop_name: site.shop_name,
    description: site.description,
    logo_url: site.logo_url,
    email: site.email,
    phone: site.phone,
    whatsapp_number: site.whatsapp_number,
    address: site.address,
    social_links: site.social_links,
    time_zone: site.time_zone,
    currency_display: site.currency_display,
    payment_methods: PAYMENT_METHODS.filter((method) => payment[method].enabled).map((method) => ({
      method,
      label: payment[method].label,
      instructions: payment[method].instructions,
    })),
    delivery: {
      zones: GOVERNORATES.map((zone) => ({ zone, name: GOVERNORATE_NAMES[zone], ...shipping.zones[zone] })),
      free_delivery_threshold: shipping.free_delivery_threshold,
      carriers: shipping.carriers,
    },
    tax: { rate: tax.rate, label: tax.label, prices_include_tax: tax.prices_include_tax, vat_number: tax.vat_number },
    guest_checkout: system.guest_checkout,
    reviews_enabled: system.reviews_enabled,
    maintenance_mode: system.maintenance_mode,
  };
}
