/**
 * JSON kept for objects the catalogue hands out unchanged to many requests (a product as the
 * storefront reads it, a search hit): each is frozen when it is made and replaced, never changed,
 * when what it shows changes, so its JSON is written once and reused by every answer that holds
 * it (`catalogueJsonSerializer` in plugins/trusted-serializer.ts). A 20-product page spent about
 * half its CPU writing the same products' JSON again and copying them (issue 32, decision 027).
 * Keyed weakly: a replaced object's JSON goes with it.
 */
const kept = new WeakMap<object, string | null>();

/**
 * Freezes `value` and lets the serializer keep its JSON. Only for an object whose nested values
 * are never changed in place while it is handed out either: whoever makes it replaces it instead.
 */
export function keepJson<T extends object>(value: T): T {
  kept.set(Object.freeze(value), null);
  return value;
}

/** The JSON of a kept object (written on first use), or undefined for any other value. */
export function keptJson(value: object): string | undefined {
  const json = kept.get(value);
  if (json !== null) return json;
  const written = JSON.stringify(value);
  kept.set(value, written);
  return written;
}
