import { keptJson } from '#server/catalogue/kept-json.ts';

/**
 * Route option for the hot catalogue reads: their answers are built by typed code from the
 * in-memory catalogue, so TypeScript already proves they match the response schema (still used
 * for the OpenAPI docs). Skipping the runtime re-validation of every hit saves about half the
 * serialisation time of a 20-product page.
 */
export const trustedJsonSerializer = {
  serializerCompiler: () => (data: unknown) => JSON.stringify(data),
};

/**
 * `trustedJsonSerializer` for answers that hold the catalogue's kept objects (catalogue/kept-json.ts:
 * products, search hits): the same text as JSON.stringify, with each kept object's JSON written
 * once and reused instead of written again for every answer.
 */
export const catalogueJsonSerializer = {
  serializerCompiler: () => (data: unknown) => stringifyWithKept(data) ?? '',
};

/**
 * JSON.stringify's output, walking plain objects and arrays itself so that a kept object anywhere
 * in them is taken as written. Anything else (numbers, strings, dates, objects of other classes)
 * goes to JSON.stringify, so the text is identical; undefined means "no JSON", as for
 * JSON.stringify (skipped in an object, null in an array).
 */
export function stringifyWithKept(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null) return JSON.stringify(value);
  const kept = keptJson(value);
  if (kept !== undefined) return kept;
  if (Array.isArray(value)) {
    let text = '[';
    for (let index = 0; index < value.length; index++) {
      if (index > 0) text += ',';
      text += stringifyWithKept(value[index]) ?? 'null';
    }
    return `${text}]`;
  }
  const record = value as Record<string, unknown>;
  if (Object.getPrototypeOf(value) !== Object.prototype || typeof record.toJSON === 'function') {
    return JSON.stringify(value);
  }
  let text = '';
  for (const key of Object.keys(record)) {
    const field = stringifyWithKept(record[key]);
    if (field === undefined) continue;
    text += `${text === '' ? '' : ','}${JSON.stringify(key)}:${field}`;
  }
  return `{${text}}`;
}
