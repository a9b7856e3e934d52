/**
 * A reservation's hold on tables for a time range, as the availability engine needs it: its table bookings
 * (`tableIds`, empty when no table is assigned yet), the real instants it starts and ends, and its pax (for
 * pacing). A *hold* (a slot kept for a few minutes while a guest completes the form) has `expiresAt`; once
 * that instant has passed it no longer counts.
 */
export interface ExistingBooking {
  /** Reference used by `ignoreBookingIds` (e.g. the guest's own hold while registering). */
  readonly id?: string | number;
  /** Tables held. */
  readonly tableIds: readonly number[];
  /** Start of the stay. */
  readonly startsAt: Date;
  /** End of the stay (the turnover buffer comes after it). */
  readonly endsAt: Date;
  /** Party size; counts toward pacing. Absent counts as 0. */
  readonly pax?: number;
  /** When set, the booking is a hold that lapses at this instant. */
  readonly expiresAt?: Date | null;
}

/** Which existing bookings and holds are live for a computation. */
export interface BookingFilter {
  /** The current instant: holds with `expiresAt` at or before it are ignored. */
  readonly now: Date;
  /** Bookings to leave out, by `id` (e.g. the hold of the guest now registering). */
  readonly ignoreBookingIds?: readonly (string | number)[];
  /** Only bookings overlapping this range matter (an optimisation; omit to keep all). */
  readonly from?: number;
  readonly to?: number;
}

/** The live bookings and holds: hold not expired, not ignored, a non-empty time range, optionally in range. */
export function liveBookings(
  lists: readonly (readonly ExistingBooking[] | undefined)[],
  filter: BookingFilter,
): ExistingBooking[] {
  const ignored = new Set(filter.ignoreBookingIds ?? []);
  const now = filter.now.getTime();
  const from = filter.from ?? Number.NEGATIVE_INFINITY;
  const to = filter.to ?? Number.POSITIVE_INFINITY;
  const live: ExistingBooking[] = [];
  for (const list of lists) {
    for (const booking of list ?? []) {
      if (booking.id !== undefined && ignored.has(booking.id)) continue;
      if (booking.expiresAt && booking.expiresAt.getTime() <= now) continue;
      const start = booking.startsAt.getTime();
      const end = booking.endsAt.getTime();
      if (!(end > start) || end <= from || start >= to) continue;
      live.push(booking);
    }
  }
  return live;
}

interface TableTimeline {
  /** Starts of the table's bookings, ascending. */
  readonly starts: number[];
  /** `maxEnds[i]` = the latest end among the bookings `0..i` (bookings may overlap in bad data). */
  readonly maxEnds: number[];
}

/** Index of `sorted` (ascending) holding the last value ≤ `value`, or -1. */
function lastAtOrBefore(sorted: readonly number[], value: number): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((sorted[middle] as number) <= value) low = middle + 1;
    else high = middle;
  }
  return low - 1;
}

/**
 * Table bookings indexed per table and sorted by start, so the free time of a table at an instant is a
 * binary search (O(log n)) rather than a scan of every booking.
 */
export class TableBookingIndex {
  private readonly timelines = new Map<number, TableTimeline>();

  /** Indexes the bookings' table bookings (each booking once per table it holds). */
  constructor(bookings: readonly ExistingBooking[]) {
    const perTable = new Map<number, { start: number; end: number }[]>();
    for (const booking of bookings) {
      const start = booking.startsAt.getTime();
      const end = booking.endsAt.getTime();
      for (const tableId of booking.tableIds) {
        let list = perTable.get(tableId);
        if (!list) perTable.set(tableId, (list = []));
        list.push({ start, end });
      }
    }
    for (const [tableId, list] of perTable) {
      list.sort((a, b) => a.start - b.start || a.end - b.end);
      const starts: number[] = [];
      const maxEnds: number[] = [];
      let maxEnd = Number.NEGATIVE_INFINITY;
      for (const { start, end } of list) {
        maxEnd = Math.max(maxEnd, end);
        starts.push(start);
        maxEnds.push(maxEnd);
      }
      this.timelines.set(tableId, { starts, maxEnds });
    }
  }

  /**
   * How long (ms) `tableId` stays free from `start` when every booking must keep `bufferMs` clear before and
   * after it: `Infinity` when no later booking limits it, 0 or less when the table is taken (or inside a
   * buffer) at `start`.
   */
  freeFrom(tableId: number, start: number, bufferMs: number): number {
    const timeline = this.timelines.get(tableId);
    if (!timeline) return Number.POSITIVE_INFINITY;
    const index = lastAtOrBefore(timeline.starts, start);
    if (index >= 0 && (timeline.maxEnds[index] as number) + bufferMs > start) return 0;
    const next = timeline.starts[index + 1];
    return next === undefined ? Number.POSITIVE_INFINITY : next - bufferMs - start;
  }
}
