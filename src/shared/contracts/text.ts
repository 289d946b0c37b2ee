import { z } from 'zod';

/**
 * The one string type for text that comes in from outside (request bodies, query strings, route
 * parameters, form fields). Every contract builds its text fields from `safeText()` instead of
 * `z.string()`, so this rule is written once.
 *
 * Refused: U+0000 (PostgreSQL text cannot hold it: both databases fail the statement, which used
 * to surface as a 500) and unpaired UTF-16 surrogates (not valid Unicode: they cannot be encoded
 * as UTF-8, so the database would store something other than what was sent, or fail).
 */
export const UNSAFE_TEXT_MESSAGE = 'Text must not contain NUL bytes or unpaired surrogates';

/**
 * A high surrogate not followed by a low one, or a low surrogate not preceded by a high one.
 * Written without look-behind and without the `u` flag (so it sees UTF-16 code units), which
 * every browser the shop supports runs.
 */
const UNPAIRED_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?:^|[^\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function isSafeText(value: string): boolean {
  return !value.includes('\u0000') && !UNPAIRED_SURROGATE.test(value);
}

/**
 * `z.string(params)` that refuses NUL bytes and unpaired surrogates. Chain the usual string
 * methods after it (`safeText().trim().min(1).max(100)`); the check runs on the text as sent.
 * Not an aborting check on purpose: in `z.union([safeText(), z.array(safeText())])` zod reports
 * the issues of the one option that was not aborted, so the field keeps this message.
 */
export function safeText(params?: Parameters<typeof z.string>[0]) {
  return z.string(params).refine(isSafeText, { message: UNSAFE_TEXT_MESSAGE });
}
