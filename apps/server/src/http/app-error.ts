import type { ErrorCode } from '@sobremesa/contracts';
import type { SourceFieldError } from '../i18n/field-messages.ts';
import type { MessageKey } from '../i18n/messages.ts';

/**
 * A failure a client is told about: HTTP status, stable code and a message key localised at the edge.
 * Anything else thrown is a bug and reaches the client only as a generic 500 (SEC-12).
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    readonly messageKey: MessageKey,
    readonly options: {
      params?: Record<string, string | number>;
      /** The refused fields, worded as written; the edge puts them in the caller's language. */
      fields?: SourceFieldError[];
      headers?: Record<string, string>;
      /** Extra reply fields the spec's front end reads (for example fresh availability on a 409). */
      extra?: Record<string, unknown>;
    } = {},
  ) {
    super(code);
    this.name = 'AppError';
  }
}

export const notFound = () => new AppError(404, 'NOT_FOUND', 'not_found');
export const unauthenticated = () => new AppError(401, 'UNAUTHENTICATED', 'unauthenticated');
export const forbidden = (messageKey: MessageKey = 'forbidden_role') =>
  new AppError(403, 'FORBIDDEN', messageKey);
export const conflict = () => new AppError(409, 'CONFLICT', 'conflict');
