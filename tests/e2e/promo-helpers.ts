import type { APIResponse, Page } from '@playwright/test';
// biome-ignore lint/style/noRestrictedImports: the admin's storage key names, as test.ts reads them; a plain constant, no browser code runs here.
import { TOKEN_KEYS } from '#web/admin/auth/token-store.ts';

/**
 * Calls the admin API as the signed-in admin of `page` (after signInAsAdmin): the data a promo
 * screen test needs that the test is not about (a code to look at).
 */
export async function adminApi(page: Page, method: string, path: string, data?: unknown): Promise<APIResponse> {
  const token = await page.evaluate((key) => localStorage.getItem(key), TOKEN_KEYS.accessToken);
  return page.request.fetch(`/api${path}`, { method, data, headers: { Authorization: `Bearer ${token}` } });
}

/** A promo code made through the API, with a code no other test uses. */
export async function createPromoCode(
  page: Page,
  fields: Record<string, unknown>,
): Promise<{ id: string; code: string }> {
  const response = await adminApi(page, 'POST', '/admin/promo-codes', fields);
  if (response.status() !== 201)
    throw new Error(`creating a promo code: ${response.status()} ${await response.text()}`);
  return ((await response.json()) as { data: { id: string; code: string } }).data;
}

/** Upper-case letters and digits unique to this run and test, for codes. */
export const uniqueStamp = () =>
  `${Date.now().toString(36)}${Math.floor(Math.random() * 36 ** 3).toString(36)}`.toUpperCase();
