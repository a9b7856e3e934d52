import { describe, expect, it } from 'vitest';
import { canMoveTakeaway, takeawaySlotsFor } from './takeaway-slots.ts';

const dinner = [
  {
    name: 'Cena',
    weekdays: [1, 2, 3, 4, 5, 6, 7],
    start: '20:00',
    end: '23:30',
    lastSeating: '21:00',
    slotIntervalMinutes: 30,
  },
];
const pacing = { slotMinutes: 15, leadMinutes: 30, ordersPerSlot: 3 };

describe('takeawaySlotsFor', () => {
  it('steps the service by the takeaway interval, not the reservation one', () => {
    const slots = takeawaySlotsFor(
      '2026-12-01',
      dinner,
      'Europe/Madrid',
      pacing,
      new Date('2026-12-01T08:00:00Z'),
      new Map(),
    );
    expect(slots.map((slot) => slot.time)).toEqual(['20:00', '20:15', '20:30', '20:45', '21:00']);
    expect(slots[0]?.startsAt.toISOString()).toBe('2026-12-01T19:00:00.000Z');
  });

  it('offers no time sooner than the lead time', () => {
    // 19:40 in Madrid: 20:00 is too soon for a 30 minute lead.
    const slots = takeawaySlotsFor(
      '2026-12-01',
      dinner,
      'Europe/Madrid',
      pacing,
      new Date('2026-12-01T18:40:00Z'),
      new Map(),
    );
    expect(slots.map((slot) => slot.time)).toEqual(['20:15', '20:30', '20:45', '21:00']);
  });

  it('tells the places left from the orders a time holds', () => {
    const taken = new Map([
      [Date.parse('2026-12-01T19:15:00Z'), 3],
      [Date.parse('2026-12-01T19:30:00Z'), 1],
    ]);
    const slots = takeawaySlotsFor(
      '2026-12-01',
      dinner,
      'Europe/Madrid',
      pacing,
      new Date('2026-12-01T08:00:00Z'),
      taken,
    );
    expect(slots.map((slot) => slot.left)).toEqual([3, 0, 2, 3, 3]);
  });
});

describe('canMoveTakeaway', () => {
  it('lets staff accept or refuse a new order, then follow it to the guest', () => {
    expect(canMoveTakeaway('received', 'accepted', 'pickup')).toBe(true);
    expect(canMoveTakeaway('received', 'refused', 'pickup')).toBe(true);
    expect(canMoveTakeaway('ready', 'delivered', 'pickup')).toBe(true);
    expect(canMoveTakeaway('ready', 'out_for_delivery', 'delivery')).toBe(true);
  });
  it('refuses skipping acceptance, refusing once cooking, and delivery steps on a pickup order', () => {
    expect(canMoveTakeaway('received', 'ready', 'pickup')).toBe(false);
    expect(canMoveTakeaway('preparing', 'refused', 'pickup')).toBe(false);
    expect(canMoveTakeaway('ready', 'out_for_delivery', 'pickup')).toBe(false);
    expect(canMoveTakeaway('ready', 'delivered', 'delivery')).toBe(false);
    // An order the acquirer has not paid is not staff's to take or refuse.
    expect(canMoveTakeaway('pending_payment', 'accepted', 'pickup')).toBe(false);
    expect(canMoveTakeaway('pending_payment', 'refused', 'pickup')).toBe(false);
    expect(canMoveTakeaway('payment_failed', 'accepted', 'pickup')).toBe(false);
    expect(canMoveTakeaway('delivered', 'ready', 'pickup')).toBe(false);
  });
});
