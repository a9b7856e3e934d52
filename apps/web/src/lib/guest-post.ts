import type { ErrorCode, FieldError } from '@sobremesa/contracts';
import { ApiError, isRecord } from './api-client.ts';
import { pageFetch, pageLanguage } from './page-fetch.ts';

/**
 * A guest form's call (the booking's, the takeaway order's): guests have no token and no zod on their phone, so
 * the reply is checked by hand. Through the page's own fetch and language, so the server can draw the form too
 * (decision 030).
 */

export type Reply = Record<string, unknown>;

export interface GuestPostOptions {
  readonly headers?: Record<string, string>;
  /** Lets the request outlive the page (a hold released while the guest leaves). */
  readonly keepalive?: boolean;
  /** A refusal the caller reports with more than its code and message (a lost race's fresh time slots). */
  readonly refusal?: (payload: Reply, message: string) => ApiError | undefined;
}

export async function guestPost<T>(
  path: string,
  body: unknown,
  check: (reply: Reply) => boolean,
  options: GuestPostOptions = {},
): Promise<T> {
  let response: Response;
  try {
    response = await pageFetch(path, {
      method: 'POST',
      headers: {
        accept: 'application/json',
        'content-type': 'application/json',
        // The server words its messages (a full time, a refused field) in the language on screen.
        'x-locale': pageLanguage(),
        ...options.headers,
      },
      body: JSON.stringify(body),
      keepalive: options.keepalive,
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
    if (!isRecord(payload) || typeof payload.code !== 'string' || typeof payload.message !== 'string')
      throw new ApiError(response.status, 'BAD_REPLY', `unexpected failure of ${path}`);
    const fields = Array.isArray(payload.fields) ? (payload.fields as FieldError[]) : [];
    throw (
      options.refusal?.(payload, payload.message) ??
      new ApiError(response.status, payload.code as ErrorCode, payload.message, fields)
    );
  }
  if (!isRecord(payload) || payload.result !== 0 || !check(payload))
    throw new ApiError(response.status, 'BAD_REPLY', `unexpected reply of ${path}`);
  return payload as T;
}
