/** A URL slug from free text: "Cafés & Tea" → "cafes-tea". Empty text gives `fallback`. */
export function slugify(text: string, maxLength: number, fallback = 'category'): string {
  const slug = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, maxLength)
    .replace(/^-+|-+$/g, '');
  return slug || fallback;
}

/** `base`, or `base-2`, `base-3`… the first one not in `taken` (each kept within maxLength). */
export function firstFreeSlug(base: string, taken: ReadonlySet<string>, maxLength: number): string {
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) {
    const suffix = `-${n}`;
    const candidate = `${base.slice(0, maxLength - suffix.length).replace(/-+$/, '')}${suffix}`;
    if (!taken.has(candidate)) return candidate;
  }
}
