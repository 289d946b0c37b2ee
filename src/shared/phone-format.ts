import { formatPhone } from './phone.ts';

/**
 * A stored E.164 number as people read it (`+96171234567` → `+961 71 234 567`, `+9613123456` →
 * `+961 3 123 456`); numbers of other countries come back unchanged. The one display rule lives in
 * `phone.ts` (`formatPhone`, used by orders and packing slips); this name is the one the account
 * screens (admin Customers, the storefront's account forms) import, so both stay one rule.
 */
export function formatPhoneForDisplay(e164: string): string {
  return formatPhone(e164);
}
