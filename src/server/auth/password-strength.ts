import { type ZxcvbnFactory as Zxcvbn, ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';
import { badRequest } from '#server/errors.ts';
import { NewPasswordSchema } from '#shared/contracts/auth.ts';
import { type PasswordPolicy, passwordPolicyReasons } from '#shared/contracts/security.ts';

/**
 * The password rules of docs/product.md#passwords: long enough, not a common password (zxcvbn
 * score 3 or more), and not built from the account's own email or phone. Every failed rule is
 * reported, so the form shows them all at once.
 */

/** The lowest zxcvbn score accepted (0–4; 3 is "safely unguessable: moderate protection"). */
export const MIN_PASSWORD_SCORE = 3;

export const PASSWORD_REASONS = {
  tooCommon: 'This password is too common or too easy to guess',
  tooCloseToContact: 'Password must not contain your email or phone number',
} as const;

// Plain English for zxcvbn's feedback keys (no English language pack is installed: these are its words, shortened).
const WARNINGS: Record<string, string> = {
  straightRow: 'Straight rows of keys on your keyboard are easy to guess.',
  keyPattern: 'Short keyboard patterns are easy to guess.',
  simpleRepeat: 'Repeated characters like "aaa" are easy to guess.',
  extendedRepeat: 'Repeated character patterns like "abcabcabc" are easy to guess.',
  sequences: 'Common character sequences like "abc" are easy to guess.',
  recentYears: 'Recent years are easy to guess.',
  dates: 'Dates are easy to guess.',
  topTen: 'This is a heavily used password.',
  topHundred: 'This is a frequently used password.',
  common: 'This is a commonly used password.',
  similarToCommon: 'This is similar to a commonly used password.',
  wordByItself: 'Single words are easy to guess.',
  namesByThemselves: 'Single names or surnames are easy to guess.',
  commonNames: 'Common names and surnames are easy to guess.',
  userInputs: 'There should not be any personal or page related data.',
  pwned: 'Your password was exposed by a data breach on the Internet.',
};
const SUGGESTIONS: Record<string, string> = {
  l33t: "Avoid predictable letter substitutions like '@' for 'a'.",
  reverseWords: 'Avoid reversed spellings of common words.',
  allUppercase: 'Capitalise some, but not all letters.',
  capitalization: 'Capitalise more than the first letter.',
  dates: 'Avoid dates and years that are associated with you.',
  recentYears: 'Avoid recent years.',
  associatedYears: 'Avoid years that are associated with you.',
  sequences: 'Avoid common character sequences.',
  repeated: 'Avoid repeated words and characters.',
  longerKeyboardPattern: 'Use longer keyboard patterns and change typing direction multiple times.',
  anotherWord: 'Add more words that are less common.',
  useWords: 'Use multiple words, but avoid common phrases.',
  noNeed: 'You can create strong passwords without using symbols, numbers, or uppercase letters.',
  pwned: 'If you use this password elsewhere, you should change it.',
};

// The dictionaries take ~100 ms and several MB to load: built on the first password checked, once.
let factory: Zxcvbn | undefined;
function zxcvbn(): Zxcvbn {
  factory ??= new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs });
  return factory;
}

/** Every reason this password is refused for this account's contacts; empty when it is fine. */
export function passwordWeaknesses(
  password: string,
  contact: { email?: string | null; phone?: string | null },
  policy?: PasswordPolicy,
): string[] {
  const reasons: string[] = [];
  const basic = NewPasswordSchema.safeParse(password);
  if (!basic.success) reasons.push(...basic.error.issues.map((issue) => issue.message));
  // A staff password also meets the shop's password policy (docs/product.md#security-configuration).
  if (policy) reasons.push(...passwordPolicyReasons(password, policy).filter((reason) => !reasons.includes(reason)));
  const lower = password.toLowerCase();
  const localPart = contact.email?.split('@')[0]?.toLowerCase();
  const phoneDigits = contact.phone?.replace(/\D/g, '');
  // The phone's national part too (+9613555101 → 3555101): people type the number they know.
  const nationalDigits = phoneDigits?.startsWith('961') ? phoneDigits.slice(3) : undefined;
  const digits = password.replace(/\D/g, '');
  const close =
    (localPart !== undefined && localPart.length >= 3 && lower.includes(localPart)) ||
    [phoneDigits, nationalDigits].some((value) => value !== undefined && value.length >= 6 && digits.includes(value));
  if (close) reasons.push(PASSWORD_REASONS.tooCloseToContact);
  // zxcvbn only judges passwords that pass the length rule: a short one is already refused.
  if (password.length >= 1) {
    const result = zxcvbn().check(password.slice(0, 128));
    if (result.score < MIN_PASSWORD_SCORE) {
      reasons.push(PASSWORD_REASONS.tooCommon);
      const warning = result.feedback.warning ? WARNINGS[result.feedback.warning] : undefined;
      if (warning) reasons.push(warning);
      for (const key of result.feedback.suggestions) {
        const suggestion = SUGGESTIONS[key];
        if (suggestion) reasons.push(suggestion);
      }
    }
  }
  return reasons;
}

/**
 * Throws a 400 with every reason as a field error on `field` (default `password`). Staff
 * passwords pass `policy` (the security configuration's password policy) too.
 */
export function assertStrongPassword(
  password: string,
  contact: { email?: string | null; phone?: string | null } = {},
  field = 'password',
  policy?: PasswordPolicy,
): void {
  const reasons = passwordWeaknesses(password, contact, policy);
  if (reasons.length === 0) return;
  throw badRequest(
    reasons[0] ?? 'Password is too weak',
    reasons.map((message) => ({ path: field, message })),
  );
}
