import type { TFunction } from 'i18next';
import { isServerError, serverMessage } from '../../lib/api-client.ts';

type FallbackKey =
  'errors.status' | 'errors.count' | 'errors.movement' | 'errors.reopen' | 'errors.z' | 'errors.pdf';

/**
 * The server's own message (in the tablet's language) when it sent one, followed by what it said of each
 * refused field (the spec's failure message alone would not say which amount or count was wrong); otherwise ours.
 */
export function tillErrorText(error: unknown, t: TFunction<'till'>, fallback: FallbackKey): string {
  const message = serverMessage(error, t(fallback));
  if (!isServerError(error)) return message;
  const fields = [...new Set(error.fields.map((field) => field.message))].filter((text) => text !== message);
  return [message, ...fields].join(' · ');
}

/** Whether the server refused the field at `path`. */
export function fieldRefused(error: unknown, path: string): boolean {
  return isServerError(error) && error.fields.some((field) => field.path === path);
}
