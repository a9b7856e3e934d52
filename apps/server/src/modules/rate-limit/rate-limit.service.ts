import type { Database } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { deleteWindowsBefore, hitWindow, unhitWindow } from './rate-limit.repository.ts';

/** A named limit: at most `max` hits per `windowSeconds`. */
export interface RateLimitRule {
  readonly name: string;
  readonly max: number;
  readonly windowSeconds: number;
}

/** The 429 of every limit: Retry-After and the localised message say when to try again. */
export function rateLimited(retryAfterSeconds: number): AppError {
  return new AppError(429, 'RATE_LIMITED', 'rate_limited', {
    params: { seconds: retryAfterSeconds },
    headers: { 'retry-after': String(retryAfterSeconds) },
  });
}

/** A hit counted in its window, which `refund` takes back out of that same window. */
export interface RateLimitHit {
  refund(): Promise<void>;
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

  /**
   * The bucket a hit of `rule` against `subject` goes into now, for a caller that counts it in a statement
   * of its own (the order call counts its two limits inside its transaction, decision 054) and throws
   * {@link rateLimited} with `retryAfterSeconds` when the returned total passes `rule.max`.
   */
  bucket(rule: RateLimitRule, subject: string): { key: string; start: Date; retryAfterSeconds: number } {
    return { key: `${rule.name}:${subject}`, ...this.window(rule) };
  }

  private window(rule: RateLimitRule): { start: Date; retryAfterSeconds: number } {
    const nowMs = this.now().getTime();
    const windowMs = rule.windowSeconds * 1000;
    const startMs = Math.floor(nowMs / windowMs) * windowMs;
    return {
      start: new Date(startMs),
      retryAfterSeconds: Math.max(1, Math.ceil((startMs + windowMs - nowMs) / 1000)),
    };
  }

  /**
   * Counts one hit against `subject` in one statement and throws 429 when the rule's limit is passed, so
   * parallel requests can never all get through. The returned hit can be given back (a login that
   * succeeded does not spend the budget of failures).
   */
  async consume(rule: RateLimitRule, subject: string): Promise<RateLimitHit> {
    const { start, retryAfterSeconds } = this.window(rule);
    const key = `${rule.name}:${subject}`;
    const hits = await hitWindow(this.db, key, start, 1);
    if (hits > rule.max) throw rateLimited(retryAfterSeconds);
    return { refund: () => unhitWindow(this.db, key, start) };
  }

  /** Removes windows older than a day. */
  async prune(): Promise<void> {
    await deleteWindowsBefore(this.db, new Date(this.now().getTime() - 24 * 3600 * 1000));
  }
}
