import type { Database } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { deleteWindowsBefore, hitWindow, readWindow } from './rate-limit.repository.ts';

/** A named limit: at most `max` hits per `windowSeconds`. */
export interface RateLimitRule {
  readonly name: string;
  readonly max: number;
  readonly windowSeconds: number;
}

/**
 * Fixed-window rate limits kept in the database (SEC-04), so N server instances enforce one limit.
 * Exceeding one is a 429 with Retry-After set to the end of the window.
 */
export class RateLimiter {
  constructor(
    private readonly db: Database,
    private readonly now: () => Date,
  ) {}

  private window(rule: RateLimitRule): { start: Date; retryAfterSeconds: number } {
    const nowMs = this.now().getTime();
    const windowMs = rule.windowSeconds * 1000;
    const startMs = Math.floor(nowMs / windowMs) * windowMs;
    return {
      start: new Date(startMs),
      retryAfterSeconds: Math.max(1, Math.ceil((startMs + windowMs - nowMs) / 1000)),
    };
  }

  private refuse(retryAfterSeconds: number): AppError {
    return new AppError(429, 'RATE_LIMITED', 'rate_limited', {
      params: { seconds: retryAfterSeconds },
      headers: { 'retry-after': String(retryAfterSeconds) },
    });
  }

  /** Counts one hit against `subject` and throws 429 when the rule's limit is passed. */
  async consume(rule: RateLimitRule, subject: string): Promise<void> {
    const { start, retryAfterSeconds } = this.window(rule);
    const hits = await hitWindow(this.db, `${rule.name}:${subject}`, start, 1);
    if (hits > rule.max) throw this.refuse(retryAfterSeconds);
  }

  /** Throws 429 when `subject` is already over the limit, without counting (used before checking a password). */
  async assertUnder(rule: RateLimitRule, subject: string): Promise<void> {
    const { start, retryAfterSeconds } = this.window(rule);
    const hits = await readWindow(this.db, `${rule.name}:${subject}`, start);
    if (hits >= rule.max) throw this.refuse(retryAfterSeconds);
  }

  /** Counts a hit without checking (a failed login counts after it failed). */
  async record(rule: RateLimitRule, subject: string): Promise<void> {
    await hitWindow(this.db, `${rule.name}:${subject}`, this.window(rule).start, 1);
  }

  /** Removes windows older than a day. */
  async prune(): Promise<void> {
    await deleteWindowsBefore(this.db, new Date(this.now().getTime() - 24 * 3600 * 1000));
  }
}
