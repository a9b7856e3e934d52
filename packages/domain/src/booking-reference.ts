/**
 * The booking reference a guest reads out on the phone (issue 18 item 6): six characters from an alphabet
 * without the pairs people confuse aloud or on paper (0/O, 1/I/L), so "K7M2PX" is said once and typed
 * right. 31 symbols, six places: about 887 million references, unique per venue (the database's index).
 */
export const BOOKING_REFERENCE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const BOOKING_REFERENCE_LENGTH = 6;

/**
 * A reference from random bytes (at least six). 256 is no multiple of 31: bytes of the last partial round
 * (248-255) are skipped, so every symbol is equally likely; `null` when the bytes ran out first.
 */
export function bookingReferenceFrom(bytes: Uint8Array): string | null {
  const limit = 256 - (256 % BOOKING_REFERENCE_ALPHABET.length);
  let reference = '';
  for (const byte of bytes) {
    if (byte >= limit) continue;
    reference += BOOKING_REFERENCE_ALPHABET[byte % BOOKING_REFERENCE_ALPHABET.length];
    if (reference.length === BOOKING_REFERENCE_LENGTH) return reference;
  }
  return null;
}

/**
 * What a guest or host typed, as a reference to look up: upper case, without spaces or dashes ("k7m-2px"
 * is K7M2PX). Null when it cannot be one.
 */
export function normalizeBookingReference(typed: string): string | null {
  const compact = typed.replace(/[\s-]/g, '').toUpperCase();
  if (compact.length !== BOOKING_REFERENCE_LENGTH) return null;
  return [...compact].every((char) => BOOKING_REFERENCE_ALPHABET.includes(char)) ? compact : null;
}
