import type { Db } from '#server/db/client.ts';
import { SETTING_KEYS } from '#server/settings/setting-keys.ts';
import { getSetting, setSetting } from '#server/settings/settings.service.ts';
import { DEFAULT_REVIEW_SETTINGS, type ReviewSettings, ReviewSettingsSchema } from '#shared/contracts/reviews.ts';

/**
 * The review moderation settings (docs/product.md#review-rules): stored under
 * `review_settings`; a missing or unreadable value means the defaults (verified purchases approved
 * at once, no banned words).
 */
export async function getReviewSettings(db: Db): Promise<ReviewSettings> {
  const stored = ReviewSettingsSchema.safeParse(await getSetting<unknown>(db, SETTING_KEYS.reviewSettings));
  return stored.success ? stored.data : DEFAULT_REVIEW_SETTINGS;
}

export async function saveReviewSettings(db: Db, next: ReviewSettings): Promise<ReviewSettings> {
  // Duplicates (any case) are dropped, keeping the first spelling.
  const seen = new Set<string>();
  const bannedWords = next.banned_words.filter((word) => {
    const key = word.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  const value: ReviewSettings = { moderation: next.moderation, banned_words: bannedWords };
  await setSetting(db, SETTING_KEYS.reviewSettings, value);
  return value;
}
