import { z } from 'zod';
import {
  AccountPhoneSchema,
  CONTACT_CHANGE_PASSWORD_MESSAGE,
  CodeSchema,
  type ShopperUser,
  SignUpRequestSchema,
  TokenRequestSchema,
  type UpdateShopperRequest,
  UpdateShopperRequestSchema,
} from '#shared/contracts/accounts.ts';
import { EmailSchema } from '#shared/contracts/auth.ts';
import { normalizePhone } from '#shared/phone.ts';

/**
 * The account forms' schemas for react-hook-form (zodResolver), built from the request contracts
 * of `#shared/contracts/accounts.ts`: every rule is the contract's own (the server applies the
 * same); only what a form has and a request has not is added here (one field for "email or
 * phone", a password that must not be left empty, the current password a contact change needs).
 */

export const CONTACT_REQUIRED = 'Enter your email or phone number';
export const PASSWORD_REQUIRED = 'Enter your password';
export const NEW_PASSWORD_REQUIRED = 'Enter a new password';

export type ContactBody = { email: string } | { phone: string };

/** One field takes an email or a phone: an `@` makes it an email, judged by the contract's rule for it. */
export const ContactFieldSchema = z.string().transform((value, ctx): ContactBody => {
  const typed = value.trim();
  if (typed === '') {
    ctx.addIssue({ code: 'custom', message: CONTACT_REQUIRED });
    return z.NEVER;
  }
  const isEmail = typed.includes('@');
  const parsed = (isEmail ? EmailSchema : AccountPhoneSchema).safeParse(typed);
  if (!parsed.success) {
    ctx.addIssue({ code: 'custom', message: parsed.error.issues[0]?.message ?? CONTACT_REQUIRED });
    return z.NEVER;
  }
  return isEmail ? { email: parsed.data } : { phone: parsed.data };
});

const passwordBranch = TokenRequestSchema.options[0];
/** A password as sign-in checks it (never judged), required. */
const signInPassword = z.string().min(1, PASSWORD_REQUIRED).pipe(passwordBranch.shape.password);
/** A new password: the server judges its strength and answers every reason under the field. */
const newPassword = z.string().min(1, NEW_PASSWORD_REQUIRED).pipe(SignUpRequestSchema.shape.password);

export const SignInFormSchema = z.object({ contact: ContactFieldSchema, password: signInPassword });
export type SignInFormInput = z.input<typeof SignInFormSchema>;
export type SignInFormValues = z.output<typeof SignInFormSchema>;

export const ContactFormSchema = z.object({ contact: ContactFieldSchema });
export type ContactFormInput = z.input<typeof ContactFormSchema>;
export type ContactFormValues = z.output<typeof ContactFormSchema>;

export const CodeFormSchema = z.object({ code: CodeSchema });
export type CodeFormInput = z.input<typeof CodeFormSchema>;
export type CodeFormValues = z.output<typeof CodeFormSchema>;

export const SignUpFormSchema = z.object({
  name: SignUpRequestSchema.shape.name,
  contact: ContactFieldSchema,
  password: newPassword,
});
export type SignUpFormInput = z.input<typeof SignUpFormSchema>;
export type SignUpFormValues = z.output<typeof SignUpFormSchema>;

export const NewPasswordFormSchema = z.object({ password: newPassword });
export type NewPasswordFormInput = z.input<typeof NewPasswordFormSchema>;
export type NewPasswordFormValues = z.output<typeof NewPasswordFormSchema>;

export const PhoneRecoveryFormSchema = z.object({ code: CodeSchema, password: newPassword });
export type PhoneRecoveryFormInput = z.input<typeof PhoneRecoveryFormSchema>;
export type PhoneRecoveryFormValues = z.output<typeof PhoneRecoveryFormSchema>;

/** The profile's fields as typed; an emptied contact is removed (the server keeps one). */
export interface ProfileFormInput {
  name: string;
  email: string;
  phone: string;
  current_password?: string;
}

const sameEmail = (typed: string, stored: string | null) => typed.trim().toLowerCase() === (stored ?? '').toLowerCase();
const samePhone = (typed: string, stored: string | null) =>
  typed.trim() === '' ? stored === null : (normalizePhone(typed) ?? typed.trim()) === stored;

/** Whether the typed email or phone differs from the account's: then the current password is asked for. */
export function contactChanged(user: ShopperUser, form: Pick<ProfileFormInput, 'email' | 'phone'>): boolean {
  return !sameEmail(form.email, user.email) || !samePhone(form.phone, user.phone);
}

const shape = UpdateShopperRequestSchema.shape;

/**
 * The profile form: each field by the contract's rule, and the output is the request, only with
 * what changed (`{}` when nothing did). A changed contact needs `current_password`
 * (CONTACT_CHANGE_PASSWORD_MESSAGE, the server's words when it is missing).
 */
export function profileFormSchema(user: ShopperUser) {
  const emptyIsNull = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : value);
  return z
    .object({
      name: z.string(),
      email: z.preprocess(emptyIsNull, shape.email.unwrap()),
      phone: z.preprocess(emptyIsNull, shape.phone.unwrap()),
      // Unregistered (undefined) while no contact changes.
      current_password: z.string().optional(),
    })
    .superRefine((value, ctx) => {
      const changes = value.email !== user.email || value.phone !== user.phone;
      if (changes && !value.current_password) {
        ctx.addIssue({ code: 'custom', path: ['current_password'], message: CONTACT_CHANGE_PASSWORD_MESSAGE });
      }
      if (value.name.trim() !== user.name) {
        const name = shape.name.safeParse(value.name);
        if (!name.success) {
          ctx.addIssue({ code: 'custom', path: ['name'], message: name.error.issues[0]?.message ?? 'Enter your name' });
        }
      }
    })
    .transform((value): UpdateShopperRequest => {
      const changes: UpdateShopperRequest = {};
      if (value.name.trim() !== user.name) changes.name = value.name.trim();
      if (value.email !== user.email) changes.email = value.email;
      if (value.phone !== user.phone) changes.phone = value.phone;
      if (changes.email !== undefined || changes.phone !== undefined) changes.current_password = value.current_password;
      return changes;
    });
}
export type ProfileFormValues = UpdateShopperRequest;
