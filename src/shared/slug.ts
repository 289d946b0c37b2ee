/** Longest slug we make (PRODUCT_LIMITS.slug in contracts/admin-products.ts). */
export const SLUG_MAX_LENGTH = 120;

/** Letters NFKD does not split into a base letter plus accent. */
const EXTRA_FOLDS: Record<string, string> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  đ: 'd',
  ð: 'd',
  ł: 'l',
  þ: 'th',
  ı: 'i',
};

/**
 * A URL slug from free text: lowercase, accents folded to ASCII ("Café Crème" → "cafe-creme"),
 * every run of other characters one hyphen, no hyphen at either end, at most `maxLength`
 * characters. Shared so the product editor can preview the slug the server will make. May return
 * "" (text with no ASCII letters or digits); callers pick a fallback.
 */
export function slugify(text: string, maxLength = SLUG_MAX_LENGTH): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[ßæœøđðłþı]/g, (char) => EXTRA_FOLDS[char] ?? '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, maxLength)
    .replace(/-+$/, '');
}
