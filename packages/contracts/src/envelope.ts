import { z } from 'zod';

/**
 * Stable, machine-readable error codes. The HTTP edge maps each to a status; clients branch on `code`,
 * people read `message` (localised by the server).
 */
export const ERROR_CODES = [
  'VALIDATION_FAILED',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'NOT_FOUND',
  'VENUE_NOT_FOUND',
  'VENUE_SUSPENDED',
  'INVALID_CREDENTIALS',
  'RATE_LIMITED',
  'CONFLICT',
  'IDEMPOTENCY_KEY_REUSED',
  'IDEMPOTENCY_REQUEST_IN_FLIGHT',
  'CROSS_SITE_REQUEST',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'INTERNAL',
  // The instance has as many requests in hand as it takes; retry after Retry-After (decision 055).
  'OVERLOADED',
  // Guest reservations (decision 006).
  'DATE_NOT_BOOKABLE',
  'PARTY_TOO_LARGE',
  'SLOT_UNAVAILABLE',
  'LINK_EXPIRED',
  'RESERVATION_FINISHED',
] as const;

/** One stable error code. */
export type ErrorCode = (typeof ERROR_CODES)[number];

/** One offending field of a 400 reply: a dotted path and what is wrong with it. */
export const fieldErrorSchema = z.object({ path: z.string(), message: z.string() });
export type FieldError = z.infer<typeof fieldErrorSchema>;

/**
 * The failure body. `result` carries the HTTP status, as the spec's JSON helper reports it (spec §8);
 * `error` repeats the code for the venue-config failures the spec names (`VENUE_SUSPENDED`).
 */
export const errorBodySchema = z.object({
  result: z.number().int(),
  code: z.enum(ERROR_CODES),
  error: z.enum(ERROR_CODES).optional(),
  message: z.string(),
  fields: z.array(fieldErrorSchema).optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** Wraps a success payload with `result: 0`, the spec's success marker. */
export function okSchema<T extends z.ZodRawShape>(shape: T) {
  return z.object({ result: z.literal(0), ...shape });
}

/** The reply of a call that answers nothing but that it was done. */
export const doneReplySchema = okSchema({});
