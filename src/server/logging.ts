import type { DestinationStream, LoggerOptions } from 'pino';
import type { Config } from './config.ts';

/**
 * The server's logger (Fastify's pino), set up so that logs never carry statement parameters,
 * tokens, passwords, hashes or personal data (docs/engineering.md#data-rules):
 *
 * - errors go through `safeError`, which keeps a whitelist of fields. Drizzle's DrizzleQueryError
 *   puts every parameter in its message (`params: …`) and `params`; PostgreSQL errors add `detail`
 *   ("Failing row contains (…)", "Key (email)=(…)") and `where`. None of that is kept.
 * - requests are logged by method and path; query values (an order's `?token=`, a search) are not,
 *   and neither is the caller's address (the audit log keeps that for security events).
 * - pino's `redact` censors known secret fields wherever a log call names them, as a second net.
 *
 * In a terminal the lines are drawn by pino-pretty; anywhere else (or with LOG_FORMAT=json) each
 * line is one JSON object for a log collector.
 */

const REDACTED = '[redacted]';

/** Field names whose values never reach a log line when a log call names them. */
const SECRET_FIELDS = [
  'password',
  'passwordHash',
  'password_hash',
  'newPassword',
  'currentPassword',
  'token',
  'refreshToken',
  'accessToken',
  'access_token',
  'authorization',
  'cookie',
  'params',
  'parameters',
  'detail',
  'email',
  'phone',
  'name',
  'address',
  'shipping_address',
  'customer',
];
/** Secrets that could sit one object down (`{ user: { passwordHash } }`, `{ order: { access_token } }`). */
const NESTED_SECRET_FIELDS = ['password', 'passwordHash', 'token', 'refreshToken', 'access_token', 'params'];
// Each `*.` path is checked on every key of every line (~1 µs a path): keep that list short.
const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  ...SECRET_FIELDS,
  ...NESTED_SECRET_FIELDS.map((field) => `*.${field}`),
];

/** Query parameters whose values say nothing about a person or a secret, so paging stays debuggable. */
const PLAIN_QUERY_KEYS = new Set(['page', 'limit', 'sort', 'sort_by', 'sort_order', 'view', 'in_stock', 'status']);

/** `/path?token=…&page=2` → `/path?token=…&page=2` with every value but the plain ones replaced. */
export function safeUrl(url: string): string {
  const queryStart = url.indexOf('?');
  if (queryStart === -1) return url;
  const params = new URLSearchParams(url.slice(queryStart + 1));
  const shown = [...params].map(([key, value]) => `${key}=${PLAIN_QUERY_KEYS.has(key) ? value : '…'}`);
  return `${url.slice(0, queryStart)}?${shown.join('&')}`;
}

export interface SafeError {
  type: string;
  message: string;
  stack?: string;
  code?: string;
  statusCode?: number;
  /** PostgreSQL's names for what failed (never the values). */
  severity?: string;
  table?: string;
  column?: string;
  constraint?: string;
  routine?: string;
  cause?: SafeError;
}

type ErrorLike = Record<string, unknown> & { message?: unknown; stack?: unknown; cause?: unknown };

/**
 * An error's message without values: Drizzle's "Failed query: … params: …" loses its parameter
 * line, and a quoted value after a colon (PostgreSQL's `invalid input syntax for type uuid: "…"`)
 * is replaced, and so is an email address (SMTP errors name the recipient). Names in quotes
 * elsewhere (`constraint "users_email_unique"`) stay.
 */
export function safeMessage(message: string): string {
  return (
    message
      .replace(/\nparams:[\s\S]*$/, '')
      .replace(/:\s*"(?:[^"\\]|\\.)*"/g, ': "…"')
      // SMTP refusals name the recipient.
      .replace(/[^\s<>"'()[\],;:]+@[^\s<>"'()[\],;:]+/g, '[email]')
      .slice(0, 2000)
  );
}

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);

/** The pino serializer for `err` (and `error`): a whitelist of fields, its causes too. */
export function safeError(error: unknown, depth = 0): SafeError {
  if (!error || typeof error !== 'object') return { type: typeof error, message: safeMessage(String(error)) };
  const source = error as ErrorLike;
  // Drivers' errors may be minified classes: their `name` ("DatabaseError") says more then.
  const name = text(source.name);
  const type = name && name !== 'Error' ? name : ((error as object).constructor?.name ?? 'Error');
  const message = safeMessage(typeof source.message === 'string' ? source.message : String(error));
  const result: SafeError = { type, message };
  if (typeof source.stack === 'string') {
    // The stack starts with the raw message (parameters and all): keep only the frames.
    const frames = source.stack.split('\n').filter((line) => /^\s+at /.test(line));
    result.stack = [`${type}: ${message}`, ...frames].join('\n');
  }
  const code = source.code;
  if (typeof code === 'string' || typeof code === 'number') result.code = String(code);
  if (typeof source.statusCode === 'number') result.statusCode = source.statusCode;
  for (const field of ['severity', 'table', 'column', 'constraint', 'routine'] as const) {
    const value = text(source[field]);
    if (value) result[field] = value;
  }
  if (source.cause && depth < 5) result.cause = safeError(source.cause, depth + 1);
  return result;
}

interface RequestLike {
  method?: string;
  url?: string;
  routeOptions?: { url?: string };
}

/** The pino serializer for `req`: method and path only. */
export function safeRequest(request: RequestLike) {
  return { method: request.method, url: safeUrl(request.url ?? '') };
}

export type LogFormat = 'json' | 'pretty';

/** LOG_FORMAT, with `auto` meaning pretty in a terminal and JSON anywhere else. */
export function logFormatOf(setting: Config['LOG_FORMAT'], isTty = Boolean(process.stdout.isTTY)): LogFormat {
  if (setting === 'auto') return isTty ? 'pretty' : 'json';
  return setting;
}

/**
 * A message that repeats an error's own message (pino's `log.error(err)`, Fastify's
 * `log.error({ err }, err.message)`) would carry the parameters the serializer drops: it is
 * replaced by the safe message.
 */
const safeMessageHook: NonNullable<LoggerOptions['hooks']>['logMethod'] = function (args, method) {
  const [first, second, ...rest] = args as unknown[];
  const error = first instanceof Error ? first : (first as { err?: unknown } | undefined)?.err;
  if (error instanceof Error) {
    const fields = first instanceof Error ? { err: first } : (first as object);
    const msg = typeof second === 'string' && second !== error.message ? second : safeMessage(error.message);
    return method.apply(this, [fields, msg, ...rest] as Parameters<typeof method>);
  }
  return method.apply(this, args);
};

/** Options for Fastify's `logger`: level, redaction, safe serializers, and where lines go. */
export async function loggerOptions(
  config: Pick<Config, 'LOG_LEVEL' | 'LOG_FORMAT'>,
  stream?: DestinationStream,
): Promise<LoggerOptions & { stream?: DestinationStream }> {
  const options: LoggerOptions = {
    level: config.LOG_LEVEL,
    redact: { paths: REDACT_PATHS, censor: REDACTED },
    serializers: { err: safeError, error: safeError, req: safeRequest },
    hooks: { logMethod: safeMessageHook },
  };
  if (stream) return { ...options, stream };
  if (logFormatOf(config.LOG_FORMAT) === 'json') return options;
  // Loaded only for a terminal: the JSON path (production, tests) never pays for it.
  return { ...options, stream: await createPrettyStream() };
}

/**
 * pino-pretty in this process (no worker thread), writing to stdout unless told otherwise:
 * "[10:42:07] INFO: req-7 200 3 ms request completed".
 */
export async function createPrettyStream(destination: NodeJS.WritableStream | number = 1): Promise<DestinationStream> {
  const { default: pretty } = await import('pino-pretty');
  return pretty({
    destination,
    colorize: typeof destination === 'number' && Boolean(process.stdout.isTTY),
    translateTime: 'SYS:HH:MM:ss',
    ignore: 'pid,hostname,reqId,req,res,responseTime',
    // A request's two lines share its id: "req-7 GET /api/products incoming request", then
    // "req-7 200 3 ms request completed".
    messageFormat: (log, messageKey) => {
      const req = log.req as { method?: string; url?: string } | undefined;
      const res = log.res as { statusCode?: number } | undefined;
      const parts = [
        typeof log.reqId === 'string' ? log.reqId : undefined,
        req && `${req.method} ${req.url}`,
        res && String(res.statusCode),
        typeof log.responseTime === 'number' ? `${Math.round(log.responseTime)} ms` : undefined,
        String(log[messageKey] ?? ''),
      ];
      return parts.filter(Boolean).join(' ');
    },
  });
}
