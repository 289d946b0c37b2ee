/**
 * Phone numbers as people read them (docs/product.md#account-area): stored and sent as E.164
 * (`+96171234567`), shown grouped (`+961 71 234 567`). Display only: never parse this back.
 */

/**
 * Country codes are 1 to 3 digits and no code is the start of another (ITU-T E.164), so the
 * length follows from the first digits: 1 and 7 alone; these two-digit starts; else three digits.
 */
const TWO_DIGIT_CODES = new Set([
  '20',
  '27',
  '30',
  '31',
  '32',
  '33',
  '34',
  '36',
  '39',
  '40',
  '41',
  '43',
  '44',
  '45',
  '46',
  '47',
  '48',
  '49',
  '51',
  '52',
  '53',
  '54',
  '55',
  '56',
  '57',
  '58',
  '60',
  '61',
  '62',
  '63',
  '64',
  '65',
  '66',
  '81',
  '82',
  '84',
  '86',
  '90',
  '91',
  '92',
  '93',
  '94',
  '95',
  '98',
]);

function countryCodeLength(digits: string): number {
  if (digits.startsWith('1') || digits.startsWith('7')) return 1;
  return TWO_DIGIT_CODES.has(digits.slice(0, 2)) ? 2 : 3;
}

/**
 * `+961 71 234 567` and `+961 1 234 567` (Lebanon: the 1- or 2-digit area or mobile prefix, then
 * 3 + 3 digits); another country keeps its digits with a space after the country code
 * (`+33 612345678`); anything that is not E.164 is shown as it is.
 */
export function formatPhoneForDisplay(e164: string): string {
  const match = /^\+(\d{8,15})$/.exec(e164.trim());
  if (!match?.[1]) return e164;
  const digits = match[1];
  const lebanese = /^961(\d{7,8})$/.exec(digits);
  if (lebanese?.[1]) {
    const national = lebanese[1];
    const head = national.length === 7 ? 1 : 2;
    return `+961 ${national.slice(0, head)} ${national.slice(head, head + 3)} ${national.slice(head + 3)}`;
  }
  const length = countryCodeLength(digits);
  return `+${digits.slice(0, length)} ${digits.slice(length)}`;
}
