import type { TFunction } from 'i18next';
import { ApiError, isServerError, serverMessage } from '../../lib/api-client.ts';

type FallbackKey =
  | 'errors.generic'
  | 'errors.pdf'
  | 'errors.paid'
  | 'errors.promotion'
  | 'errors.paymentMethod'
  | 'errors.voidPayment'
  | 'errors.invoice'
  | 'invoices.error'
  | 'correct.failed'
  | 'cancelInvoice.failed'
  | 'reissueInvoice.failed'
  | 'print.errors.failed';

/** Two texts as two sentences, whether or not the first ends with its full stop. */
function sentences(first: string, second: string): string {
  return /[.!?]$/.test(first) ? `${first} ${second}` : `${first}. ${second}`;
}

/** A call that never reached the server (no network, or the server gone). */
function unreachable(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'NETWORK';
}

/**
 * The text of a failed call: the server's own message (spec §8's, in the tablet's language) when it sent
 * one; otherwise ours. Money and invoices never wait in the offline queue (decision 051): without a
 * connection the text says plainly that they need it.
 */
export function posErrorText(error: unknown, t: TFunction<'pos'>, fallback: FallbackKey): string {
  if (isServerError(error)) return error.message;
  if (unreachable(error)) return sentences(t(fallback), t('errors.needsConnection'));
  return t(fallback);
}

/** A payment that never reached the server says so in spec §8's form, and that it needs the connection. */
export function paymentErrorText(error: unknown, t: TFunction<'pos'>): string {
  return serverMessage(
    error,
    sentences(t('errors.payment', { message: t('errors.network') }), t('errors.needsConnection')),
  );
}
