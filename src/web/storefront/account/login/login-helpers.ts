import { PASSWORD_MIN_LENGTH } from '#shared/contracts/auth.ts';

/**
 * Small rules of the sign-in screens (docs/product.md#signing-up-and-in-shoppers), kept apart
 * from the components so they are tested without a browser.
 */

export type LoginMode = 'signin' | 'signup' | 'forgot';

export function loginMode(value: string | null): LoginMode {
  return value === 'signup' || value === 'forgot' ? value : 'signin';
}

export const isEmailContact = (value: string) => value.trim().includes('@');

/**
 * Where to go after signing in: `?next=`, else where the router came from, else the page before
 * (the "Authentication Required" toast reloads into /login from the page that failed). Only paths
 * on this site, never /login itself, so a crafted link cannot send the shopper elsewhere.
 */
export function safeNext(...candidates: (string | null | undefined)[]): string {
  for (const candidate of candidates) {
    if (!candidate?.startsWith('/') || candidate.startsWith('//') || candidate.startsWith('/\\')) continue;
    if (candidate === '/login' || candidate.startsWith('/login/') || candidate.startsWith('/login?')) continue;
    return candidate;
  }
  return '/account';
}

/** The page before, when it was on this site (document.referrer of a full page load). */
export function sameSiteReferrer(referrer: string, origin: string): string | null {
  try {
    const url = new URL(referrer);
    return url.origin === origin ? `${url.pathname}${url.search}` : null;
  } catch {
    return null;
  }
}

export interface PasswordCheck {
  label: string;
  met: boolean;
}

/**
 * The live hints under a new password: the server's rules (docs/product.md#passwords) as the
 * shopper types. The server stays the judge and may add reasons (a common password).
 */
export function passwordChecks(password: string, contact = ''): PasswordCheck[] {
  const handle = contact.trim().toLowerCase().split('@')[0]?.replace(/\s+/g, '') ?? '';
  const digits = contact.replace(/\D/g, '').slice(-6);
  const lower = password.toLowerCase();
  const closeToContact =
    (handle.length >= 3 && lower.includes(handle)) || (digits.length >= 6 && password.includes(digits));
  return [
    { label: `At least ${PASSWORD_MIN_LENGTH} characters`, met: password.length >= PASSWORD_MIN_LENGTH },
    {
      label: 'Letters and at least one number or symbol',
      met: /[A-Za-z]/.test(password) && /[^A-Za-z]/.test(password),
    },
    { label: 'Not your email or phone number', met: password.length > 0 && !closeToContact },
  ];
}

/**
 * The form field a server error path belongs to (`email` and `phone` are the one contact field;
 * `newPassword` is the password), or null when the form has no such field.
 */
export function contactFieldOf(path: string): 'contact' | 'password' | 'code' | 'name' | null {
  const field = path.split('.').pop() ?? '';
  if (field === 'email' || field === 'phone') return 'contact';
  if (field === 'password' || field === 'newPassword') return 'password';
  if (field === 'code' || field === 'name') return field;
  return null;
}
