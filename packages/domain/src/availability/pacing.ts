import type { ExistingBooking } from './bookings.ts';

/**
 * Pacing: the most covers (pax) that may start within any window of `windowMinutes`, so the kitchen and the
 * floor are not flooded at 21:00 (e.g. 30 covers per 15 minutes).
 */
export interface PacingLimit {
  /** Most covers starting within one window (> 0). */
  readonly maxCovers: number;
  /** Window length in minutes (> 0). */
  readonly windowMinutes: number;
}

/**
 * Covers of the live reservations and holds indexed by start, for pacing. Each booking counts its pax once,
 * however many tables it holds.
 */
export class CoverIndex {
  private readonly starts: number[] = [];
  /** `prefix[i]` = covers of the first `i` starts. */
  private readonly prefix: number[] = [0];

  /** Indexes the covers of `bookings`. */
  constructor(bookings: readonly ExistingBooking[]) {
    const entries = bookings
      .filter((booking) => (booking.pax ?? 0) > 0)
      .map((booking) => ({ start: booking.startsAt.getTime(), pax: booking.pax ?? 0 }))
      .sort((a, b) => a.start - b.start);
    for (const { start, pax } of entries) {
      this.starts.push(start);
      this.prefix.push((this.prefix[this.prefix.length - 1] as number) + pax);
    }
  }

  /** Index of the first start ≥ `value`. */
  private lowerBound(value: number): number {
    let low = 0;
    let high = this.starts.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if ((this.starts[middle] as number) < value) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  /** Covers starting in [`from`, `to`). */
  coversBetween(from: number, to: number): number {
    return (this.prefix[this.lowerBound(to)] as number) - (this.prefix[this.lowerBound(from)] as number);
  }

  /**
   * The most covers already starting in any window of `windowMs` that would contain a new start at `start`:
   * the windows [w, w + windowMs) with start - windowMs < w ≤ start. The busiest such window begins at
   * `start` itself or at an existing start inside (start - windowMs, start].
   */
  busiestWindowAround(start: number, windowMs: number): number {
    let busiest = this.coversBetween(start, start + windowMs);
    for (let index = this.lowerBound(start - windowMs + 1); index < this.starts.length; index += 1) {
      const windowStart = this.starts[index] as number;
      if (windowStart > start) break;
      busiest = Math.max(busiest, this.coversBetween(windowStart, windowStart + windowMs));
    }
    return busiest;
  }

  /** Whether a party of `pax` may start at `start` under `limit` (rolling window). */
  allows(start: number, pax: number, limit: PacingLimit): boolean {
    return this.busiestWindowAround(start, limit.windowMinutes * 60_000) + pax <= limit.maxCovers;
  }
}
