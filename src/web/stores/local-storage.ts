/**
 * The stores' persistence, in the shape zustand's `persist` middleware used
 * (`{ "state": {...}, "version": n }`), written by hand: reading once and writing on change is
 * all the stores need, and the middleware cost ~1 KB of the first load.
 */

/** The `state` of a stored entry, or undefined when there is none or it is not JSON. Never throws. */
export function readStoredState(key: string): unknown {
  try {
    // The entry may be any JSON value; reading a property of a number or string is harmless.
    return (JSON.parse(localStorage.getItem(key) as string) as { state?: unknown } | null)?.state;
  } catch {
    return undefined;
  }
}

/** Writes `{ state, version }`; never throws (storage full, private mode): the state still applies this visit. */
export function writeStoredState(key: string, state: unknown, version: number): void {
  try {
    localStorage.setItem(key, JSON.stringify({ state, version }));
  } catch {
    // Not saved; nothing else to do.
  }
}
