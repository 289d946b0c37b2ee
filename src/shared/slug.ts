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

/** `base`, or `base-2`, `base-3`… the first one not in `taken` (each kept within maxLength). */
export function firstFreeSlug(base: string, taken: ReadonlySet<string>, maxLength = SLUG_MAX_LENGTH): string {
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) {
    const suffix = `-${n}`;
    const candidate = `${base.slice(0, maxLength - suffix.length).replace(/-+$/, '')}${suffix}`;
    if (!taken.has(candidate)) return candidate;
  }
}
