import { describe, expect, it } from 'vitest';
import { ticketAge, ticketElapsed, venueNow } from './ticket-age.ts';

describe('a ticket ageing', () => {
  const ordered = '2026-03-14 21:00:00';
  it('is fresh under ten minutes, waiting from ten, late from twenty', () => {
    expect(ticketAge(ordered, '2026-03-14 21:09:59')).toBe('fresh');
    expect(ticketAge(ordered, '2026-03-14 21:10:00')).toBe('waiting');
    expect(ticketAge(ordered, '2026-03-14 21:19:59')).toBe('waiting');
    expect(ticketAge(ordered, '2026-03-14 21:20:00')).toBe('late');
  });

  it('treats a clock slightly behind the order as fresh', () => {
    expect(ticketAge(ordered, '2026-03-14 20:59:30')).toBe('fresh');
  });

  it('labels the wait as the spec does: Nuevo, then minutes, then hours across midnight', () => {
    expect(ticketElapsed(ordered, '2026-03-14 21:00:40')).toBe('Nuevo');
    expect(ticketElapsed(ordered, '2026-03-14 21:12:00')).toBe("12'");
    expect(ticketElapsed('2026-03-14 23:30:00', '2026-03-15 01:45:00')).toBe('2h');
  });

  it("ages from the server's time plus what passed on the tablet, whatever the tablet's clock says", () => {
    const receivedAt = Date.UTC(1999, 0, 1);
    expect(venueNow('2026-03-14T20:00:00.000Z', receivedAt, receivedAt + 90_000)).toBe(
      '2026-03-14T20:01:30.000Z',
    );
    expect(venueNow('2026-03-14T20:00:00.000Z', receivedAt, receivedAt - 5_000)).toBe(
      '2026-03-14T20:00:00.000Z',
    );
  });

  it('reads ISO instants with an offset and bare server times alike', () => {
    expect(ticketAge('2026-03-14T21:00:00+01:00', '2026-03-14T20:25:00.000Z')).toBe('late');
    expect(ticketAge('2026-03-14T20:00:00.000Z', '2026-03-14 20:12:00')).toBe('waiting');
  });
});
