import type { QueryClient } from '@tanstack/react-query';
import type {
  AllSettings,
  MailPreview,
  MailPreviewRequest,
  SettingsPatches,
  SettingsSection,
  TestEmailRequest,
  TestEmailResult,
  TestTextRequest,
  TestTextResult,
} from '#shared/contracts/settings.ts';
import { adminGet, adminPost, adminPut } from '../auth/admin-api.ts';

/** The settings screen's one query: every section, read once (`GET /admin/settings`). */
export const ADMIN_SETTINGS_KEY = ['admin', 'settings'] as const;

export const SETTINGS_PATH = '/admin/settings';

export const getAllSettings = (signal?: AbortSignal) => adminGet<AllSettings>(SETTINGS_PATH, { signal });

/** `PUT /admin/settings/{section}`: the section's patch; answers the saved section. */
export const saveSettingsSection = <S extends SettingsSection>(section: S, patch: SettingsPatches[S]) =>
  adminPut<AllSettings[S]>(`${SETTINGS_PATH}/${section}`, patch);

export const sendTestEmail = (body: TestEmailRequest) =>
  adminPost<TestEmailResult>(`${SETTINGS_PATH}/email/test`, body);

/** `POST /admin/settings/email/test-text`: one text through the saved channel, and the provider's verdict. */
export const sendTestText = (body: TestTextRequest) =>
  adminPost<TestTextResult>(`${SETTINGS_PATH}/email/test-text`, body);

/** An order mail with the sample order and the given (unsaved) wording: `POST /admin/settings/email/preview`. */
export const previewMail = (body: MailPreviewRequest, signal?: AbortSignal) =>
  adminPost<MailPreview>(`${SETTINGS_PATH}/email/preview`, body, { signal });

/** The saved section replaces its part of the loaded settings (no second round trip). */
export function storeSavedSection<S extends SettingsSection>(client: QueryClient, section: S, saved: AllSettings[S]) {
  client.setQueryData<AllSettings>(ADMIN_SETTINGS_KEY, (all) => (all ? { ...all, [section]: saved } : all));
}
