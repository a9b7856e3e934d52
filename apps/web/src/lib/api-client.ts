import type { ErrorCode, FieldError } from '@sobremesa/contracts';

/** Codes of failures that happen before or after the server answers properly. */
export type ClientErrorCode = 'NETWORK' | 'BAD_REPLY';

/**
 * A failed call. `message` is the server's localised text when the server sent one; for the client's
 * own codes the screen chooses the text.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode | ClientErrorCode,
    message: string,
    readonly fields: readonly FieldError[] = [],
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** Whether a failure is the server's answer, with a message (and fields) meant for people. */
export function isServerError(error: unknown): error is ApiError {
  return error instanceof ApiError && error.code !== 'NETWORK' && error.code !== 'BAD_REPLY';
}

/** What a screen says of a failed call: the server's own words when it sent some, else `fallback`. */
export function serverMessage(error: unknown, fallback: string): string {
  return isServerError(error) ? error.message : fallback;
}

/**
 * Checks a reply and gives it its type. The contracts' zod schemas satisfy it (staff calls validate
 * fully); guest calls use {@link envelope}, because zod alone would cost a guest's phone ~60 KB gzipped
 * (bench/bundle-size.ts).
 */
export interface ReplySchema<T> {
  safeParse(data: unknown): { success: true; data: T } | { success: false };
}

/** A JSON object (not an array): what a reply, or a stored value, must be before its fields are read. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * A zod-free check of a success reply: `result: 0` and the named keys present as objects or arrays.
 * The inner shape is trusted (same origin, same contracts package at build time); pass `check` for the
 * fields the caller's logic branches on.
 */
export function envelope<T>(
  keys: readonly string[],
  check: (reply: T) => boolean = () => true,
): ReplySchema<T> {
  return {
    safeParse(data) {
      if (!isRecord(data) || data.result !== 0) return { success: false };
      if (!keys.every((key) => typeof data[key] === 'object' && data[key] !== null))
        return { success: false };
      const reply = data as T;
      return check(reply) ? { success: true, data: reply } : { success: false };
    },
  };
}

/** `{ result: 0 }` and nothing the caller needs. */
export const okReply: ReplySchema<{ result: 0 }> = envelope([]);

interface FailureBody {
  readonly code: ErrorCode;
  readonly message: string;
  readonly fields?: readonly FieldError[];
}

/** The failure envelope of decision 004, checked by hand for the same reason as {@link envelope}. */
function isFailureBody(value: unknown): value is FailureBody {
  return (
    isRecord(value) &&
    typeof value.result === 'number' &&
    typeof value.code === 'string' &&
    typeof value.message === 'string' &&
    (value.fields === undefined || Array.isArray(value.fields))
  );
}

export interface ApiClientOptions {
  /** Origin of the API; empty means the page's own origin (the server serves both). */
  readonly baseUrl?: string;
  readonly fetch?: typeof fetch;
  /** The bearer token, read on every call so sign-in and sign-out take effect at once. */
  readonly getToken?: () => string | null;
  /** Language of the server's messages, read on every call so a language switch applies at once. */
  readonly getLocale?: () => string;
}

export interface RequestOptions {
  /** GET without a body, POST with one, unless the spec names another (toggle-menu-included is a PATCH). */
  readonly method?: 'GET' | 'POST' | 'PUT' | 'PATCH';
  readonly body?: unknown;
  /** Extra request headers (e.g. `Idempotency-Key` on creates). */
  readonly headers?: Readonly<Record<string, string>>;
  /** Ends the call early (a write that must not hang on a dead Wi-Fi link: `offline-writes.ts`). */
  readonly signal?: AbortSignal;
}

/** A call as the client makes it: what the start-up script sends ahead and the screens request later. */
export interface ApiCall {
  readonly path: string;
  readonly init?: RequestOptions;
}

/** A small typed client of the `/world/api` calls; every reply is checked before it reaches a screen. */
export function createApiClient(options: ApiClientOptions = {}) {
  const baseUrl = options.baseUrl ?? '';
  const fetchImpl = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
  /** Calls sent ahead ({@link sendEarly}), by everything that makes them the same call. */
  const sentEarly = new Map<string, Promise<Response>>();

  function prepare({ path, init = {} }: ApiCall): { url: string; fetchInit: RequestInit; sameCall: string } {
    const method = init.method ?? (init.body === undefined ? 'GET' : 'POST');
    const headers: Record<string, string> = {
      ...init.headers,
      accept: 'application/json',
      'x-locale': options.getLocale?.() ?? 'es',
    };
    const token = options.getToken?.();
    if (token) headers.authorization = `Bearer ${token}`;
    if (init.body !== undefined) headers['content-type'] = 'application/json';
    const body = init.body === undefined ? undefined : JSON.stringify(init.body);
    const url = `${baseUrl}${path}`;
    return {
      url,
      fetchInit: { method, headers, body, ...(init.signal ? { signal: init.signal } : {}) },
      sameCall: JSON.stringify([method, url, headers, body]),
    };
  }

  /**
   * Sends a read the page will make once its code has arrived (decision 017): the first identical
   * {@link request} (same path, body, token and language) takes its reply instead of asking again. Only
   * for reads: a write is never sent ahead of the person's action.
   */
  function sendEarly(call: ApiCall): void {
    const { url, fetchInit, sameCall } = prepare(call);
    if (sentEarly.has(sameCall)) return;
    // Read as soon as it arrives, taken or not: Chromium never finishes a fetch whose body nobody reads, and a
    // call the app ends up not taking (its language or token changed meanwhile) would stay open in the page.
    const response = fetchImpl(url, fetchInit).then(
      async (reply) =>
        new Response(await reply.arrayBuffer(), {
          status: reply.status,
          statusText: reply.statusText,
          headers: reply.headers,
        }),
    );
    // A failure is the taking request's to report; unhandled until then, it would only be noise.
    response.catch(() => undefined);
    sentEarly.set(sameCall, response);
  }

  async function request<T>(schema: ReplySchema<T>, path: string, init: RequestOptions = {}): Promise<T> {
    const { url, fetchInit, sameCall } = prepare({ path, init });
    const early = sentEarly.get(sameCall);
    sentEarly.delete(sameCall);

    let response: Response;
    try {
      response = await (early ?? fetchImpl(url, fetchInit));
    } catch {
      throw new ApiError(0, 'NETWORK', 'network error');
    }

    let payload: unknown;
    try {
      payload = await response.json();
    } catch {
      throw new ApiError(response.status, 'BAD_REPLY', `reply of ${path} is not JSON`);
    }

    if (!response.ok) {
      if (!isFailureBody(payload))
        throw new ApiError(response.status, 'BAD_REPLY', `unexpected failure of ${path}`);
      throw new ApiError(response.status, payload.code, payload.message, payload.fields);
    }
    const parsed = schema.safeParse(payload);
    if (!parsed.success) throw new ApiError(response.status, 'BAD_REPLY', `unexpected reply of ${path}`);
    return parsed.data;
  }

  return { request, sendEarly };
}

/** Whether a failure is the server refusing the session (401) or the role (403). */
export function isAuthFailure(error: unknown, status: 401 | 403): error is ApiError {
  return error instanceof ApiError && error.status === status;
}
