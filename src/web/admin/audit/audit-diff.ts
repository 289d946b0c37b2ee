/**
 * An audit entry's before and after as rows of a diff (docs/product.md#audit-log): each field
 * by its path (`variants[1].price`), and whether it was added, removed, changed or kept.
 * Objects and arrays are walked down to MAX_DEPTH; deeper values are compared as a whole.
 */

export type DiffChange = 'added' | 'removed' | 'changed' | 'same';

export interface DiffRow {
  path: string;
  before: unknown;
  after: unknown;
  change: DiffChange;
}

const MAX_DEPTH = 6;
/** The path of a value that is not an object or array (a whole before or after). */
export const WHOLE_VALUE = '(value)';

const isWalkable = (value: unknown): value is Record<string, unknown> | unknown[] =>
  typeof value === 'object' && value !== null;

function flatten(value: unknown, path: string, depth: number, into: Map<string, unknown>): void {
  if (!isWalkable(value) || depth >= MAX_DEPTH) {
    into.set(path || WHOLE_VALUE, value);
    return;
  }
  const entries: [string, unknown][] = Array.isArray(value)
    ? value.map((item, index) => [`${path}[${index}]`, item])
    : Object.entries(value).map(([key, item]) => [path ? `${path}.${key}` : key, item]);
  // An empty object or array is a value of its own ("{}" → "{…}" is a change).
  if (entries.length === 0) {
    into.set(path || WHOLE_VALUE, value);
    return;
  }
  for (const [childPath, item] of entries) flatten(item, childPath, depth + 1, into);
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The rows, in the order the fields appear (before's first, then those only after has). An entry
 * with neither (a sign-in) has none; with only one side, every field is added or removed.
 */
export function auditDiff(before: unknown, after: unknown): DiffRow[] {
  const left = new Map<string, unknown>();
  const right = new Map<string, unknown>();
  if (before !== null && before !== undefined) flatten(before, '', 0, left);
  if (after !== null && after !== undefined) flatten(after, '', 0, right);
  const all = [...new Set([...left.keys(), ...right.keys()])];
  // An empty list or object on one side whose items the other side has says nothing the items'
  // own rows do not ("tags: []" then "tags[0] added"): left out.
  const paths = all.filter(
    (path) => !all.some((other) => other.startsWith(`${path}[`) || other.startsWith(`${path}.`)),
  );
  return paths.map((path) => {
    const inBefore = left.has(path);
    const inAfter = right.has(path);
    const change: DiffChange = !inBefore
      ? 'added'
      : !inAfter
        ? 'removed'
        : same(left.get(path), right.get(path))
          ? 'same'
          : 'changed';
    return { path, before: left.get(path), after: right.get(path), change };
  });
}

/** A value as the diff shows it: text as it is, anything else as JSON. */
export function diffValue(value: unknown): string {
  if (value === undefined) return '';
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}
