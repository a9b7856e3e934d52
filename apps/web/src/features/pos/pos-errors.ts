import type { TFunction } from 'i18next';
import { ApiError } from '../../lib/api-client.ts';

type FallbackKey =
  | 'errors.generic'
  | 'errors.pdf'
  | 'errors.paid'
  | 'errors.promotion'
  | 'errors.paymentMethod'
  | 'errors.voidPayment'
  | 'errors.invoice'
  | 'print.errors.failed';

/**
 * The text of a failed call: the server's own message (spec §8's, in the tablet's language) when it sent
 * one; otherwise ours. A payment that never reached the server says so in spec §8's form.
 */
export function posErrorText(error: unknown, t: TFunction<'pos'>, fallback: FallbackKey): string {
  if (error instanceof ApiError && error.fromServer) return error.message;
  return t(fallback);
}

export function paymentErrorText(error: unknown, t: TFunction<'pos'>): string {
  if (error instanceof ApiError && error.fromServer) return error.message;
  return t('errors.payment', { message: t('errors.network') });
}
