/**
 * Lebanese phone numbers, as shoppers type them: local `03 123 456`, `71-123-456`, `01 234 567`,
 * or international `+961 3 123 456`, `00961 71 123 456`, `961...`. Normalised to E.164
 * (`+9613123456`, `+96171123456`) so one customer is one number, whatever they typed.
 * Numbers of other countries are accepted when written in full international form (`+33 6 …`).
 */

export const PHONE_MESSAGE = 'Enter a Lebanese phone number (e.g. 03 123 456 or +961 3 123 456)';

/** Lebanese national significant numbers: mobiles 3x xxx xxx (7 digits) or 7x/81 xxx xxx (8 digits); landlines 1, 4–9 + 6 digits. */
const LEBANESE_NATIONAL = /^(3\d{6}|7[0169]\d{6}|8[16]\d{6}|[14-9]\d{6})$/;

export function normalizePhone(input: string): string | null {
  const trimmed = input.trim().replace(/^\((\+?\d+)\)/, '$1');
  if (!/^[+\d][\d\s().-]*$/.test(trimmed)) return null;
  const international = trimmed.startsWith('+') || trimmed.startsWith('00');
  let digits = trimmed.replace(/\D/g, '');
  if (trimmed.startsWith('00')) digits = digits.slice(2);

  if (international || (digits.startsWith('961') && digits.length >= 10)) {
    if (digits.startsWith('961')) {
      const national = digits.slice(3).replace(/^0/, '');
      return LEBANESE_NATIONAL.test(national) ? `+961${national}` : null;
    }
    // Another country: E.164 allows 8 to 15 digits with a non-zero country code.
    return international && /^[1-9]\d{7,14}$/.test(digits) ? `+${digits}` : null;
  }
  const national = digits.replace(/^0/, '');
  return LEBANESE_NATIONAL.test(national) ? `+961${national}` : null;
}

/** A stored E.164 number as people read it: `+961 3 123 456`, `+961 71 123 456`; others unchanged. */
export function formatPhone(e164: string): string {
  const match = /^\+961(\d{7,8})$/.exec(e164);
  if (!match?.[1]) return e164;
  const national = match[1];
  const head = national.length === 7 ? 1 : 2;
  return `+961 ${national.slice(0, head)} ${national.slice(head, head + 3)} ${national.slice(head + 3)}`;
}
