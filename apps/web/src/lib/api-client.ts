import {
  currentUserResponseSchema,
  errorBodySchema,
  loginResponseSchema,
  okSchema,
  systemConfigResponseSchema,
  venueConfigResponseSchema,
  type ErrorCode,
  type FieldError,
} from '@sobremesa/contracts';

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

  /** Whether the server answered with a message meant for people. */
  get fromServer(): boolean {
    return this.code !== 'NETWORK' && this.code !== 'BAD_REPLY';
  }
}

/** What the client needs of a zod schema; keeps the web app free of a direct zod dependency. */
interface ReplySchema<T> {
  safeParse(data: unknown): { success: true; data: T } | { success: false };
}

export interface ApiClientOptions {
  /** Origin of the API; empty means the page's own origin (the server serves both). */
  readonly baseUrl?: string;
  readonly fetch?: typeof fetch;
  /** The staff bearer token, read on every call so sign-in and sign-out take effect at once. */
  readonly getToken?: () => string | null;
  /** Language of the server's messages. */
  readonly locale?: string;
}

const okReplySchema = okSchema({});

/** A small typed client of the `/world/api` calls this screen uses; every reply is validated. */
export function createApiClient(options: ApiClientOptions = {}) {
  const baseUrl = options.baseUrl ?? '';
  const fetchImpl = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
  const locale = options.locale ?? 'es';

  async function call<T>(
    schema: ReplySchema<T>,
    path: string,
    method: 'GET' | 'POST',
    body?: unknown,
  ): Promise<T> {
    const headers: Record<string, string> = { accept: 'application/json', 'x-locale': locale };
    const token = options.getToken?.();
    if (token) headers.authorization = `Bearer ${token}`;
    if (body !== undefined) headers['content-type'] = 'application/json';

    let response: Response;
    try {
      response = await fetchImpl(`${baseUrl}${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
      });
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
      const failure = errorBodySchema.safeParse(payload);
      if (!failure.success) throw new ApiError(response.status, 'BAD_REPLY', `unexpected failure of ${path}`);
      throw new ApiError(response.status, failure.data.code, failure.data.message, failure.data.fields);
    }
    const parsed = schema.safeParse(payload);
    if (!parsed.success) throw new ApiError(response.status, 'BAD_REPLY', `unexpected reply of ${path}`);
    return parsed.data;
  }

  return {
    systemConfig: () => call(systemConfigResponseSchema, '/world/api/systemconfig', 'GET'),
    venueConfig: () => call(venueConfigResponseSchema, '/world/api/venueconfig', 'POST', {}),
    login: (userEmail: string, password: string) =>
      call(loginResponseSchema, '/world/api/user/login', 'POST', { userEmail, password }),
    currentUser: () => call(currentUserResponseSchema, '/world/api/user/logintoken', 'GET'),
    logout: () => call(okReplySchema, '/world/api/user/logout', 'POST', {}),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
