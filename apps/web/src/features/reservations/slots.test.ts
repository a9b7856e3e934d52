import type { TimeSlotView } from '@sobremesa/contracts';
import { describe, expect, it } from 'vitest';
import { onlyRoomAt, slotFor, slotTimes, slotsAt } from './slots.ts';

const slot = (timeSlot: string, roomId: number, duration = 90): TimeSlotView => ({
  timeSlot,
  roomId,
  duration,
  countAvailable: 1,
  duration_limited: duration < 90,
});

const SLOTS = [
  slot('13:00', 1),
  slot('13:00', 2),
  slot('21:00', 1, 75),
  slot('21:00', 2),
  slot('00:30', 1),
  slot('22:00', 2),
];

describe('time slots in the availability form (spec §5)', () => {
  it('offers each time once, in service order (after midnight last)', () => {
    expect(slotTimes(SLOTS)).toEqual(['13:00', '21:00', '22:00', '00:30']);
    expect(slotTimes([])).toEqual([]);
  });

  it("keeps the guest's held time even when a refetch no longer lists it", () => {
    expect(slotTimes([slot('13:00', 1)], '13:30')).toEqual(['13:00', '13:30']);
    expect(slotTimes(SLOTS, '21:00')).toEqual(['13:00', '21:00', '22:00', '00:30']);
  });

  it('limits the rooms to those available at the chosen time and takes its duration', () => {
    expect(slotsAt(SLOTS, '21:00').map((entry) => entry.roomId)).toEqual([1, 2]);
    expect(slotsAt(SLOTS, null)).toEqual([]);
    expect(slotFor(SLOTS, '21:00', 1)?.duration).toBe(75);
    expect(slotFor(SLOTS, '21:00', null)?.duration).toBe(90);
    expect(slotFor(SLOTS, '21:00', 3)).toBeUndefined();
  });

  it('auto-selects the room when the time has only one', () => {
    expect(onlyRoomAt(SLOTS, '22:00')).toBe(2);
    expect(onlyRoomAt(SLOTS, '13:00')).toBeNull();
    expect(onlyRoomAt(SLOTS, '12:00')).toBeNull();
  });
});
