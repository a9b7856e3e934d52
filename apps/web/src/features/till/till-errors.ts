import type { TFunction } from 'i18next';
import { ApiError } from '../../lib/api-client.ts';

type FallbackKey =
  'errors.status' | 'errors.count' | 'errors.movement' | 'errors.reopen' | 'errors.z' | 'errors.pdf';

/** The server's own message (in the tablet's language) when it sent one; otherwise ours. */
export function tillErrorText(error: unknown, t: TFunction<'till'>, fallback: FallbackKey): string {
  if (error instanceof ApiError && error.fromServer) return error.message;
  return t(fallback);
}
