import type { TFunction } from 'i18next';
import { serverMessage } from '../../lib/api-client.ts';

type FallbackKey =
  'errors.status' | 'errors.count' | 'errors.movement' | 'errors.reopen' | 'errors.z' | 'errors.pdf';

/** The server's own message (in the tablet's language) when it sent one; otherwise ours. */
export function tillErrorText(error: unknown, t: TFunction<'till'>, fallback: FallbackKey): string {
  return serverMessage(error, t(fallback));
}
