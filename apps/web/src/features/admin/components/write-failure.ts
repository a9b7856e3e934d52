import type { TFunction } from 'i18next';
import { isServerError } from '../../../lib/api-client.ts';

/** What a refused admin write shows: the server's message, each field's own reason after it. */
export function writeFailure(error: unknown, t: TFunction<'admin'>): string {
  if (isServerError(error)) {
    return [error.message, ...error.fields.map((field) => field.message)].join(' ');
  }
  return t('errors.network');
}
