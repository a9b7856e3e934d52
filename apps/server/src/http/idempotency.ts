import { createHash } from 'node:crypto';
import { and, eq, lt } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import type { Executor, Transaction } from '../db/database.ts';
import { leanQuery } from '../db/lean.ts';
import { idempotencyKeys } from '../db/schema/index.ts';
import { AppError } from './app-error.ts';
import { principalOf } from './auth.ts';

/** Keys are kept two days, past REL-03's 24 hours, so a tablet that comes back online the next day still replays. */
export const IDEMPOTENCY_RETENTION_MS = 48 * 3600 * 1000;
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;
const LOCK_TIMEOUT = '10s';

/** A write's reply, stored to be replayed for a repeated key. */
export interface StoredReply {
  readonly status: number;
  readonly body: unknown;
}

/** The key row a write's reply goes into. */
export interface IdempotencyKeyRef {
  readonly venueId: number;
  readonly actor: string;
  readonly key: string;
}

/**
 * A write that finishes its transaction itself (the order call, decision 054): `seal` stores the reply
 * in the key row (`key`, null without a key) in a statement of its own making, together with whatever
 * else the write does last, then appends its outbox event, so the venue's counter lock is taken last.
 */
export interface SealedReply extends StoredReply {
  seal(key: IdempotencyKeyRef | null): Promise<void>;
}

/**
 * The key's claim, with its own lock limit: a duplicate waits at most LOCK_TIMEOUT on the key's unique
 * index. The limit is set before the insert and put back to the connection's own value after it, in the
 * same statement, so the write that follows waits for its locks as usual without a statement of its own
 * to reset it. A projection evaluates its expressions in order: `before` is read before the limit is set,
 * and the claim has run (its row read) before the limit is put back.
 */
const CLAIM_SQL = `
with timeout as materialized (
  select current_setting('lock_timeout') as before, set_config('lock_timeout', '${LOCK_TIMEOUT}', true) as during
), claimed as (
  insert into idempotency_keys (venue_id, actor, key, route, request_hash, response_status, response_body)
  select $1, $2, $3, $4, $5, 0, '{}'::jsonb from timeout
  on conflict do nothing
  returning key
)
select (select key from claimed) as key, set_config('lock_timeout', (select before from timeout), true) as reset`;

function stableStringify(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableStringify).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) =>
      a < b ? -1 : a > b ? 1 : 0,
    );
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${stableStringify(item)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

function requestHash(route: string, body: unknown): string {
  return createHash('sha256')
    .update(`${route}\n${stableStringify(body)}`)
    .digest('hex');
}

function isLockTimeout(error: unknown): boolean {
  let current: unknown = error;
  while (current && typeof current === 'object') {
    if ((current as { code?: unknown }).code === '55P03') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * Runs a retriable write at most once per Idempotency-Key (REL-03). The key row is inserted in the
 * same transaction as the write and holds the reply, so the write and its record commit together:
 * a concurrent duplicate waits on the key's unique index and then replays the stored reply; the same
 * key with another body is 422; a duplicate still waiting after 10 s gets 409 (the first is stuck).
 * A write that fails rolls back its key too, so a retry after an error runs again.
 * Without a key the write simply runs in a transaction, unless `keyRequired`: the writes that change
 * what a table pays and the order call refuse to run without one (400), so no client can double them
 * by retrying (issue 17, decision 022).
 */
export async function runIdempotent(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  scope: KeyScope,
  work: (tx: Transaction) => Promise<StoredReply | SealedReply>,
  options: IdempotencyOptions = {},
): Promise<unknown> {
  const outcome = await idempotentOutcome(ctx, request, scope, work, options);
  if (outcome.replayed) reply.header('idempotent-replayed', 'true');
  return reply.status(outcome.status).send(outcome.body);
}

export interface IdempotencyOptions {
  readonly keyRequired?: boolean;
  /** Runs in the transaction that replays a stored reply (the order call counts its rate limits there). */
  readonly onReplay?: (tx: Transaction) => Promise<void>;
}

/** A write's reply as stored, and whether it was replayed for a repeated key (the reply then says so). */
export interface IdempotentOutcome extends StoredReply {
  readonly replayed: boolean;
}

/**
 * `runIdempotent` without sending: for a call that completes the stored reply after the commit (the
 * booking adds the guest's link, which is never stored) and sends it itself.
 */
export async function idempotentOutcome(
  ctx: AppContext,
  request: FastifyRequest,
  scope: KeyScope,
  work: (tx: Transaction) => Promise<StoredReply | SealedReply>,
  options: IdempotencyOptions = {},
): Promise<IdempotentOutcome> {
  const rawKey = request.headers['idempotency-key'];
  if (rawKey === undefined && options.keyRequired) {
    throw new AppError(400, 'VALIDATION_FAILED', 'idempotency_key_required', {
      fields: [{ path: 'Idempotency-Key', message: 'Required' }],
    });
  }
  if (rawKey === undefined) {
    const result = await ctx.db.transaction(async (tx) => {
      const done = await work(tx);
      if ('seal' in done) await done.seal(null);
      return done;
    });
    return { replayed: false, status: result.status, body: result.body };
  }
  if (typeof rawKey !== 'string' || !KEY_PATTERN.test(rawKey)) {
    throw new AppError(400, 'VALIDATION_FAILED', 'validation_failed', {
      fields: [{ path: 'Idempotency-Key', message: 'Must be 1-255 visible ASCII characters' }],
    });
  }
  const hash = requestHash(scope.route, request.receivedBody);
  const keyMatches = () =>
    and(
      eq(idempotencyKeys.venueId, scope.venueId),
      eq(idempotencyKeys.actor, scope.actor),
      eq(idempotencyKeys.key, rawKey),
    );
  try {
    const outcome = await ctx.db.transaction(async (tx) => {
      const [claim] = await leanQuery<{ key: string | null }>(tx, 'idempotency_claim', CLAIM_SQL, [
        scope.venueId,
        scope.actor,
        rawKey,
        scope.route,
        hash,
      ]);
      if (!claim?.key) {
        const [existing] = await tx.select().from(idempotencyKeys).where(keyMatches());
        if (!existing || existing.requestHash !== hash || existing.route !== scope.route) {
          throw new AppError(422, 'IDEMPOTENCY_KEY_REUSED', 'idempotency_key_reused');
        }
        await options.onReplay?.(tx);
        return { replayed: true, status: existing.responseStatus, body: existing.responseBody as unknown };
      }
      const result = await work(tx);
      if ('seal' in result) await result.seal({ venueId: scope.venueId, actor: scope.actor, key: rawKey });
      else
        await tx
          .update(idempotencyKeys)
          .set({ responseStatus: result.status, responseBody: result.body ?? null })
          .where(keyMatches());
      return { replayed: false, status: result.status, body: result.body };
    });
    return outcome;
  } catch (error) {
    if (isLockTimeout(error))
      throw new AppError(409, 'IDEMPOTENCY_REQUEST_IN_FLIGHT', 'idempotency_in_flight');
    throw error;
  }
}

/** Whose keys a write is kept under: the venue, who sends it (`staff:<id>`, `guest:<ref>`) and the route. */
export interface KeyScope {
  readonly venueId: number;
  readonly actor: string;
  readonly route: string;
}

/** The scope of a signed-in staff member's write: only their own retries replay it. */
export function staffKeyScope(request: FastifyRequest, route: string): KeyScope {
  return { venueId: request.venue.id, actor: `staff:${principalOf(request).userId}`, route };
}

/**
 * A staff write that changes what a table pays or what the till holds: it runs once per Idempotency-Key
 * and is refused without one (decisions 022, 033), and answers `status` with `{ result: 0, ...what it made }`.
 */
export function runKeyedStaffWrite(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  route: string,
  status: number,
  work: (tx: Transaction) => Promise<object>,
): Promise<unknown> {
  return runIdempotent(
    ctx,
    request,
    reply,
    staffKeyScope(request, route),
    async (tx) => ({ status, body: { result: 0, ...(await work(tx)) } }),
    { keyRequired: true },
  );
}

/** Forgets keys older than the retention. */
export async function pruneIdempotencyKeys(db: Executor, now: Date): Promise<void> {
  await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, new Date(now.getTime() - IDEMPOTENCY_RETENTION_MS)));
}
