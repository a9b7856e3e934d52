import type { TimeSlotView } from '@sobremesa/contracts';
import { serviceMinuteOf } from '@sobremesa/domain';

/**
 * The availability form's rules on the spec's time slots (§3, §5): one slot per time and room, so the time
 * input offers each time once, a chosen time limits the rooms to those with a slot then, and the slot gives
 * the duration.
 */

/** The distinct times, in service order (a time after midnight belongs to the evening before, spec §4). */
export function slotTimes(slots: readonly TimeSlotView[], keep?: string | null): string[] {
  const times = new Set(slots.map((slot) => slot.timeSlot));
  // The guest's own held time stays offered even when a refetch raced ahead of the hold's reply.
  if (keep) times.add(keep);
  return [...times].sort((a, b) => serviceMinuteOf(a) - serviceMinuteOf(b));
}

/** The slots of one time: one per room with a table left. */
export function slotsAt(slots: readonly TimeSlotView[], time: string | null): TimeSlotView[] {
  return time === null ? [] : slots.filter((slot) => slot.timeSlot === time);
}

/** The slot of a time in a room, or the longest stay of that time when no room is chosen. */
export function slotFor(
  slots: readonly TimeSlotView[],
  time: string | null,
  roomId: number | null,
): TimeSlotView | undefined {
  const atTime = slotsAt(slots, time);
  if (roomId !== null) return atTime.find((slot) => slot.roomId === roomId);
  return atTime.reduce<TimeSlotView | undefined>(
    (best, slot) => (best === undefined || slot.duration > best.duration ? slot : best),
    undefined,
  );
}

/** The room a time can go to without asking: its only room. */
export function onlyRoomAt(slots: readonly TimeSlotView[], time: string | null): number | null {
  const rooms = new Set(slotsAt(slots, time).map((slot) => slot.roomId));
  return rooms.size === 1 ? ([...rooms][0] ?? null) : null;
}
