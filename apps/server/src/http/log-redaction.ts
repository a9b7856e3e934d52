import { maskCardNumbers } from '@sobremesa/domain';
import type { FastifyServerOptions } from 'fastify';

/**
 * No personal data or secret reaches a log line (issue 17, decision 021). Requests are logged by path only
 * (query strings carry guest capabilities); tokens and cookies are cut from headers; every string a line
 * carries, its message and any error (message, stack, database detail) are masked: e-mail addresses, phone
 * numbers, card numbers, bearer tokens; and a failed query's parameters (guest names, e-mails) are dropped.
 */

const EMAIL = /[^\s@"'<>()[\],;:]+@[^\s@"'<>()[\],;:]+\.[A-Za-z]{2,}/g;
const BEARER = /Bearer\s+\S+/gi;
/** A phone number as people write it: 9 or more digits with the usual separators (dates have 8). */
const PHONE_LIKE = /\+?\d[\d ().-]{7,}\d/g;
/** Drizzle's failed-query message ends with the statement's parameters, verbatim. */
const QUERY_PARAMS = /params: .*/g;
/** PostgreSQL's details quote the row or key values that failed ("Failing row contains (...)", "(email)=(...)"). */
const FAILING_ROW = /Failing row contains \(.*\)/g;
const KEY_VALUES = /\)=\(.*?\)( already exists| is not present| conflicts)?/g;

/** `text` with personal data and secrets masked. */
export function redactText(text: string): string {
  return maskCardNumbers(text)
    .replace(QUERY_PARAMS, 'params: [redacted]')
    .replace(FAILING_ROW, 'Failing row contains ([redacted])')
    .replace(KEY_VALUES, (_match, tail: string | undefined) => `)=([redacted])${tail ?? ''}`)
    .replace(BEARER, 'Bearer [token]')
    .replace(EMAIL, '[email]')
    .replace(PHONE_LIKE, (sequence) => (sequence.replace(/\D/g, '').length >= 9 ? '[phone]' : sequence));
}

function isPlainObject(value: object): boolean {
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/**
 * Any logged value with its strings redacted. Only plain data is walked: requests, replies and errors
 * (class instances) are left to their serializers, which run after this.
 */
function redactValue(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return redactText(value);
  if (depth > 6 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => redactValue(item, depth + 1));
  if (!isPlainObject(value)) return value;
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, redactValue(item, depth + 1)]));
}

interface DriverErrorFields {
  code?: unknown;
  constraint?: unknown;
  table?: unknown;
  column?: unknown;
  detail?: unknown;
  query?: unknown;
  cause?: unknown;
}

interface LoggedError {
  readonly [key: string]: unknown;
  readonly type: string;
  readonly message: string;
  readonly stack: string;
}

/** An error as a log line carries it: what helps to find the bug, with nothing of the data (no params). */
export function serializeError(error: unknown, depth = 0): LoggedError {
  if (!(error instanceof Error)) return { type: typeof error, message: redactText(String(error)), stack: '' };
  const fields = error as Error & DriverErrorFields;
  const optional = (value: unknown) => (typeof value === 'string' ? redactText(value) : undefined);
  return {
    type: error.name,
    message: redactText(error.message),
    stack: optional(error.stack) ?? '',
    code: typeof fields.code === 'string' ? fields.code : undefined,
    constraint: optional(fields.constraint),
    table: optional(fields.table),
    column: optional(fields.column),
    detail: optional(fields.detail),
    query: optional(fields.query),
    cause: fields.cause !== undefined && depth < 4 ? serializeError(fields.cause, depth + 1) : undefined,
  };
}

/** The server's logger: pino options with the redaction above. */
export function loggerOptions(level: string): Exclude<FastifyServerOptions['logger'], boolean | undefined> {
  return {
    level,
    // Bearer tokens and cookies never reach the log (SEC-05, SEC-09), nor fields named as personal data.
    redact: [
      'req.headers.authorization',
      'req.headers.cookie',
      'req.headers["idempotency-key"]',
      '*.password',
      '*.token',
      '*.uid',
      // A venue's acquirer secret (decision 039).
      '*.secretKey',
    ],
    serializers: {
      req: (request: { method: string; url: string; hostname?: string }) => ({
        method: request.method,
        // Query strings can carry guest capabilities (uid): log the path only.
        url: request.url.split('?')[0],
        host: request.hostname,
      }),
      err: (error: unknown) => serializeError(error),
    },
    formatters: { log: (object: Record<string, unknown>) => redactValue(object) as Record<string, unknown> },
    hooks: {
      logMethod(args, method) {
        method.apply(
          this,
          args.map((arg) => (typeof arg === 'string' ? redactText(arg) : arg)) as Parameters<typeof method>,
        );
      },
    },
  };
}
