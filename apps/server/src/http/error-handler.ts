import type { ErrorBody } from '@sobremesa/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { localizeFields } from '../i18n/field-messages.ts';
import { translate } from '../i18n/messages.ts';
import { AppError } from './app-error.ts';
import { requestLocale } from './locale.ts';

function fromFastifyError(error: FastifyError): AppError | undefined {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new AppError(400, 'VALIDATION_FAILED', 'invalid_json', {
        fields: [{ path: '(body)', message: 'Invalid JSON' }],
      });
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new AppError(413, 'PAYLOAD_TOO_LARGE', 'payload_too_large');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'unsupported_media_type');
    default:
      break;
  }
  // secure-json-parse rejects __proto__ / constructor.prototype keys with a SyntaxError (SEC-10).
  if (error instanceof SyntaxError || error.statusCode === 400) {
    return new AppError(400, 'VALIDATION_FAILED', 'invalid_json', {
      fields: [{ path: '(body)', message: 'Invalid JSON' }],
    });
  }
  return undefined;
}

/** SQLSTATEs that mean "someone else changed this at the same time", not a bug. */
const CONFLICT_SQLSTATES = new Set([
  '23P01', // exclusion_violation: the table was booked meanwhile (REL-01)
  '23505', // unique_violation: the same thing was created meanwhile
  '40001', // serialization_failure: a concurrent transaction won (REL-02)
  '40P01', // deadlock_detected
]);

/** The driver's error under Drizzle's wrapping: the innermost cause that carries a SQLSTATE. */
function driverError(error: unknown): { code: string; constraint?: unknown } | undefined {
  for (
    let current = error;
    current && typeof current === 'object';
    current = (current as { cause?: unknown }).cause
  ) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return current as { code: string };
  }
  return undefined;
}

/** The database's card-number checks (migration 0007) are named `<table>_<column>_no_card_number`. */
const CARD_NUMBER_CONSTRAINT = /_no_card_number$/;

/**
 * A write that lost a race with another tablet is a 409 the client can act on (refetch, retry);
 * services map the races they expect to precise messages, this is the safety net for the rest. A card
 * number that reached the database's own check (PCI-01) is the caller's input: a 400, as the contract says.
 */
function fromDatabaseError(error: unknown): AppError | undefined {
  const driver = driverError(error);
  if (!driver) return undefined;
  if (driver.code === '23514' && CARD_NUMBER_CONSTRAINT.test(String(driver.constraint))) {
    return new AppError(400, 'VALIDATION_FAILED', 'card_number_refused');
  }
  return CONFLICT_SQLSTATES.has(driver.code) ? new AppError(409, 'CONFLICT', 'conflict') : undefined;
}

/** Sends an AppError as the spec's failure body, localised for the caller. */
export function sendAppError(request: FastifyRequest, reply: FastifyReply, error: AppError): FastifyReply {
  const locale = requestLocale(request);
  const body: ErrorBody & Record<string, unknown> = {
    result: error.status,
    code: error.code,
    message: translate(error.messageKey, locale, error.options.params),
    ...(error.code === 'VENUE_SUSPENDED' || error.code === 'VENUE_NOT_FOUND' ? { error: error.code } : {}),
    ...(error.options.fields ? { fields: localizeFields(error.options.fields, locale) } : {}),
    ...error.options.extra,
  };
  for (const [name, value] of Object.entries(error.options.headers ?? {})) reply.header(name, value);
  return reply.status(error.status).send(body);
}

/**
 * One place turns failures into replies: known ones keep their status and code; anything else is a
 * bug, logged in full on the server and answered with a generic 500 (no stack, no SQL: SEC-12).
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const known = error instanceof AppError ? error : (fromDatabaseError(error) ?? fromFastifyError(error));
    if (known) return sendAppError(request, reply, known);
    request.log.error({ err: error }, 'unhandled error');
    return sendAppError(request, reply, new AppError(500, 'INTERNAL', 'internal'));
  });
  app.setNotFoundHandler((request, reply) =>
    sendAppError(request, reply, new AppError(404, 'NOT_FOUND', 'not_found')),
  );
}
