import { describe, expect, it } from 'vitest';
import { venueNow } from './use-venue-now.ts';

describe('the venue clock of a staff screen', () => {
  it("ages from the server's time plus what passed on the tablet, whatever the tablet's clock says", () => {
    const receivedAt = Date.UTC(1999, 0, 1);
    expect(venueNow('2026-03-14T20:00:00.000Z', receivedAt, receivedAt + 90_000)).toBe(
      '2026-03-14T20:01:30.000Z',
    );
    expect(venueNow('2026-03-14T20:00:00.000Z', receivedAt, receivedAt - 5_000)).toBe(
      '2026-03-14T20:00:00.000Z',
    );
  });

  it('reads the server time with its offset', () => {
    expect(venueNow('2026-03-14T21:00:00+01:00', 0, 60_000)).toBe('2026-03-14T20:01:00.000Z');
  });
});
