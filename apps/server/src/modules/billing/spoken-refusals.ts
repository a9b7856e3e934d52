import type { FastifyError, FastifyRequest } from 'fastify';
import { AppError } from '../../http/app-error.ts';
import { requestLocale } from '../../http/locale.ts';
import { translate, type MessageKey } from '../../i18n/messages.ts';

/**
 * What a billing call whose failures the spec names (§8) says when it fails: `refusal` for a refusal
 * (`wrap` puts the refusal's own words in it, "Error en el pago: {message}"), `unexpected` for the rest.
 */
export interface SpokenRefusals {
  readonly refusal: MessageKey;
  readonly unexpected?: MessageKey;
  readonly wrap?: boolean;
}

const SAYS_WHAT_TO_FIX = [
  'fiscal_',
  'till_shift_closed',
  'payment_void_cash_short',
  'account_already_invoiced',
] as const;

/**
 * A refusal keeps its status, code and details but speaks the spec's message; a sign-in or role problem
 * keeps its own message, it says what to do. Anything unexpected is the `unexpected` message with status
 * 500, nothing internal shown (SEC-12).
 */
function spoken(error: unknown, request: FastifyRequest, messages: SpokenRefusals): unknown {
  const locale = requestLocale(request);
  if (error instanceof AppError) {
    if (error.status === 401 || error.status === 403 || error.status >= 500) return error;
    // A fiscal refusal (the clock behind the last VERI*FACTU record, an account already invoiced) or the
    // till's (a closed shift, a drawer without the cash to give back: decision 079) says what to fix in its
    // own words.
    if (SAYS_WHAT_TO_FIX.some((prefix) => error.messageKey.startsWith(prefix))) return error;
    if (
      error.code === 'IDEMPOTENCY_KEY_REUSED' ||
      error.code === 'IDEMPOTENCY_REQUEST_IN_FLIGHT' ||
      error.messageKey === 'idempotency_key_required'
    )
      return error;
    const params = messages.wrap
      ? { message: translate(error.messageKey, locale, error.options.params) }
      : error.options.params;
    return new AppError(error.status, error.code, messages.refusal, { ...error.options, params });
  }
  if (!messages.unexpected) return error;
  request.log.error({ err: error }, 'billing call failed');
  return new AppError(500, 'INTERNAL', messages.unexpected, {
    params: { message: translate('internal', locale) },
  });
}

/** Runs a call's work so that its failures speak the call's messages. */
export async function speaking<T>(
  request: FastifyRequest,
  messages: SpokenRefusals,
  work: () => Promise<T>,
): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw spoken(error, request, messages);
  }
}

/**
 * The route option that makes a malformed declared body speak the call's refusal as well: the body is
 * parsed before the handler runs, so `speaking` never sees its 400. Other failures before the handler
 * (the host, the sign-in, a form body) keep their own words.
 */
export function spokenInput(messages: SpokenRefusals) {
  return {
    errorHandler(error: FastifyError, request: FastifyRequest): never {
      throw error.validationContext === undefined ? error : spoken(error, request, messages);
    },
  };
}
