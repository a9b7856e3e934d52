import { and, eq, gte, lt } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/database.ts';
import { staffLoginAddresses } from '../../db/schema/index.ts';
import { clientNetwork } from '../../lib/client-network.ts';
import type { RateLimitHit, RateLimitRule } from '../rate-limit/rate-limit.service.ts';

/** Every attempt from one address, whatever the account: stops spraying many accounts. */
export const LOGIN_ATTEMPTS_PER_ADDRESS: RateLimitRule = { name: 'login-ip', max: 60, windowSeconds: 60 };
/** Failed attempts on one account from one address (SEC-04). */
export const LOGIN_FAILURES_PER_ACCOUNT_AND_ADDRESS: RateLimitRule = {
  name: 'login-fail',
  max: 10,
  windowSeconds: 15 * 60,
};
/**
 * Failed attempts on one account from every address it has not signed in from (ASVS 2.2.1): guessing
 * from many addresses gets this many tries per window in all, while the staff member's known addresses
 * are not counted here and still get in.
 */
export const LOGIN_FAILURES_PER_ACCOUNT_FROM_UNKNOWN: RateLimitRule = {
  name: 'login-account',
  max: 20,
  windowSeconds: 15 * 60,
};
/** An address stays known this long after the account last signed in from it. */
export const KNOWN_ADDRESS_MS = 30 * 24 * 3600 * 1000;

/** The budgets one login attempt spent, given back when its password turns out right. */
export interface LoginAttempt {
  succeeded(userId: number): Promise<void>;
}

/**
 * Counts a login attempt before its password is verified: each count is one statement that returns the
 * window's new total, so 50 parallel guesses from one address get at most the limit verified.
 */
export async function countLoginAttempt(
  ctx: AppContext,
  input: { venueId: number; email: string; ip: string; userId: number | undefined },
): Promise<LoginAttempt> {
  const account = `${input.venueId}:${input.email.toLowerCase()}`;
  // An IPv6 client has a whole /64 to pick addresses from: it is one address here.
  const address = clientNetwork(input.ip);
  await ctx.rateLimiter.consume(LOGIN_ATTEMPTS_PER_ADDRESS, address);
  const hits: RateLimitHit[] = [
    await ctx.rateLimiter.consume(LOGIN_FAILURES_PER_ACCOUNT_AND_ADDRESS, `${account}:${address}`),
  ];
  const known =
    input.userId !== undefined &&
    (await isKnownLoginAddress(ctx.db, input.venueId, input.userId, address, ctx.clock.now()));
  if (!known) hits.push(await ctx.rateLimiter.consume(LOGIN_FAILURES_PER_ACCOUNT_FROM_UNKNOWN, account));
  return {
    async succeeded(userId) {
      for (const hit of hits) await hit.refund();
      await rememberLoginAddress(ctx.db, input.venueId, userId, address, ctx.clock.now());
    },
  };
}

async function isKnownLoginAddress(
  db: Executor,
  venueId: number,
  userId: number,
  address: string,
  now: Date,
): Promise<boolean> {
  const [row] = await db
    .select({ address: staffLoginAddresses.address })
    .from(staffLoginAddresses)
    .where(
      and(
        eq(staffLoginAddresses.venueId, venueId),
        eq(staffLoginAddresses.userId, userId),
        eq(staffLoginAddresses.address, address),
        gte(staffLoginAddresses.lastSuccessAt, new Date(now.getTime() - KNOWN_ADDRESS_MS)),
      ),
    )
    .limit(1);
  return row !== undefined;
}

async function rememberLoginAddress(
  db: Executor,
  venueId: number,
  userId: number,
  address: string,
  now: Date,
): Promise<void> {
  await db
    .insert(staffLoginAddresses)
    .values({ venueId, userId, address, lastSuccessAt: now })
    .onConflictDoUpdate({
      target: [staffLoginAddresses.venueId, staffLoginAddresses.userId, staffLoginAddresses.address],
      set: { lastSuccessAt: now },
    });
}

/** Forgets addresses not signed in from for longer than `KNOWN_ADDRESS_MS`. */
export async function pruneLoginAddresses(db: Executor, now: Date): Promise<void> {
  await db
    .delete(staffLoginAddresses)
    .where(lt(staffLoginAddresses.lastSuccessAt, new Date(now.getTime() - KNOWN_ADDRESS_MS)));
}
