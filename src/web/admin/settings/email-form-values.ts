import { zodResolver } from '@hookform/resolvers/zod';
import {
  EmailSecretInputs,
  type EmailSettings,
  type EmailSettingsResponse,
  EmailSettingsSchema,
  type SecretInput,
  secretsNeeded,
} from '#shared/contracts/settings.ts';
import type { useSectionForm } from './section-form.tsx';

/**
 * The form's values: the section, with each secret (the SMTP password, the SMS auth token, the
 * WhatsApp access token) as the contract's write-only input ('' keeps the saved one, text replaces
 * it, null removes it).
 */
export type EmailFormValues = EmailSettings & Record<EmailSecret, SecretInput>;
export type EmailSecret = keyof typeof EmailSecretInputs;
export type EmailEditor = ReturnType<typeof useSectionForm<'email', EmailFormValues>>;

export const toFormValues = ({
  smtp_password: _password,
  sms_auth_token: _sms,
  whatsapp_token: _whatsapp,
  ...email
}: EmailSettingsResponse): EmailFormValues => ({
  ...email,
  smtp_password: '',
  sms_auth_token: '',
  whatsapp_token: '',
});

/**
 * The contract's rules, and the one the server adds: a chosen text channel needs its secret as it
 * will be saved (kept, typed or removed). `saved` is read when the form is checked.
 */
export function emailResolver(saved: () => EmailSettingsResponse) {
  return zodResolver(
    EmailSettingsSchema.safeExtend(EmailSecretInputs).superRefine((form, ctx) => {
      for (const { field, message } of secretsNeeded('email', form)) {
        const input = form[field];
        const set =
          typeof input === 'string' && input.trim() !== '' ? true : input === null ? false : saved()[field].set;
        if (!set) ctx.addIssue({ code: 'custom', path: [field], message });
      }
    }),
  );
}

/** The order messages a shopper may get, each with an email switch and a text switch, in the order they happen. */
export const ORDER_MESSAGE_SWITCHES = [
  ['order_placed', 'Order received'],
  ['confirmed', 'Order confirmed'],
  ['processing', 'Order being prepared'],
  ['shipped', 'Order shipped'],
  ['out_for_delivery', 'Order out for delivery'],
  ['delivered', 'Order delivered'],
  ['cancelled', 'Order cancelled'],
  ['refunded', 'Money refunded'],
] as const;
