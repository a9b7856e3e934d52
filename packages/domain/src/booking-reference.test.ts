import { describe, expect, it } from 'vitest';
import {
  BOOKING_REFERENCE_ALPHABET,
  bookingReferenceFrom,
  normalizeBookingReference,
} from './booking-reference.ts';

describe('booking references', () => {
  it('are six characters none of which can be mistaken for another (no 0/O, 1/I/L)', () => {
    for (const ambiguous of ['0', 'O', '1', 'I', 'L'])
      expect(BOOKING_REFERENCE_ALPHABET).not.toContain(ambiguous);
    const reference = bookingReferenceFrom(new Uint8Array([0, 1, 2, 3, 4, 30]));
    expect(reference).toBe('23456Z');
  });

  it('skip the bytes that would favour some symbols, and say when the bytes ran out', () => {
    expect(bookingReferenceFrom(new Uint8Array([255, 248, 0, 31, 62, 93, 124, 155]))).toBe('222222');
    expect(bookingReferenceFrom(new Uint8Array([250, 251, 252, 0, 1, 2, 3]))).toBeNull();
  });

  it('are found as a guest types them, in any case and with spaces or dashes', () => {
    expect(normalizeBookingReference(' k7m-2px ')).toBe('K7M2PX');
    expect(normalizeBookingReference('K7M2P0')).toBeNull();
    expect(normalizeBookingReference('K7M2P')).toBeNull();
  });
});
