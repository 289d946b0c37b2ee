import { eq } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { settings } from './settings.table.ts';

export async function getSetting<T>(db: Db, key: string): Promise<T | undefined> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, key)).limit(1);
  return row?.value as T | undefined;
}

export async function setSetting(db: Db, key: string, value: unknown): Promise<void> {
  await db
    .insert(settings)
    .values({ key, value })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: new Date() } });
}

/**
 * Returns the stored value, or stores and returns `create()` when there is none. The insert is
 * conflict-safe, so two processes racing here end with the same value.
 */
export async function getOrCreateSetting<T>(db: Db, key: string, create: () => T): Promise<T> {
  const existing = await getSetting<T>(db, key);
  if (existing !== undefined) return existing;
  await db.insert(settings).values({ key, value: create() }).onConflictDoNothing();
  return (await getSetting<T>(db, key)) as T;
}
