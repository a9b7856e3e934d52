import { describe, expect, it } from 'vitest';
import { guestLinkHash, parseGuestLink } from './guest-link.ts';

const UID = 'lUtvdqDQmN-7M2lZgTZxf5IBRO_aShNuFFhB6wEbEgc';

describe('guest links in the fragment (decision 006)', () => {
  it('reads the manage and cancel links the server writes', () => {
    expect(parseGuestLink(`#uid=${UID}`)).toEqual({ uid: UID, action: 'view', reservationId: null });
    expect(parseGuestLink(`#uid=${UID}&action=cancel`)).toEqual({
      uid: UID,
      action: 'cancel',
      reservationId: null,
    });
  });

  it('reads the reservation id of the links this app writes, and round-trips them', () => {
    const link = { uid: UID, action: 'cancel', reservationId: 'R7X2K9' } as const;
    expect(parseGuestLink(guestLinkHash(link))).toEqual(link);
    expect(parseGuestLink(`#uid=${UID}&id=<script>`)?.reservationId).toBeNull();
  });

  it('finds no link in other hashes', () => {
    expect(parseGuestLink('')).toBeNull();
    expect(parseGuestLink('#main')).toBeNull();
    expect(parseGuestLink('#action=cancel')).toBeNull();
  });
});
