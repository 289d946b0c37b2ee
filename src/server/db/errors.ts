/**
 * Reading database errors. Drizzle wraps the driver's error (pg or PGlite) in its own, and the
 * driver's carries the SQLSTATE, the constraint and the message: walk the whole chain.
 */

export interface DatabaseErrorFields {
  code?: string;
  constraint?: string;
  message?: string;
}

/** The error and its causes, outermost first. */
export function* errorChain(error: unknown): Generator<DatabaseErrorFields> {
  for (let current = error; current && typeof current === 'object'; current = (current as { cause?: unknown }).cause) {
    yield current as DatabaseErrorFields;
  }
}

/**
 * Whether `error` is the unique index `constraint` refusing a duplicate (SQLSTATE 23505). PGlite
 * names the constraint only in the message, pg in `constraint` too.
 */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  for (const { code, constraint: name, message } of errorChain(error)) {
    if (code === '23505' && (name === constraint || message?.includes(constraint))) return true;
  }
  return false;
}
