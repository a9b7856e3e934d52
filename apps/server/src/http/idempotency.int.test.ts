import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leanQuery } from '../db/lean.ts';
import { auditLog } from '../db/schema/index.ts';
import { buildTestApp, call, givenStaff, givenVenue, signIn, type TestApp } from '../test/test-app.ts';
import { AppError } from './app-error.ts';
import { principalOf } from './auth.ts';
import { runIdempotent } from './idempotency.ts';

const LOCK_TIMEOUT_SQL = "select current_setting('lock_timeout') as value";

let t: TestApp;
let token: string;
let otherToken: string;

/** A retriable write for the test: records one audit row per executed request. */
beforeAll(async () => {
  t = await buildTestApp({
    extraRoutes: (app, ctx) =>
      app.post('/world/api/test/tip', { config: { access: 'staff' } }, (request, reply) => {
        const staff = principalOf(request);
        const body = request.body as { amount: number };
        return runIdempotent(
          ctx,
          request,
          reply,
          { venueId: request.venue.id, actor: `staff:${staff.userId}`, route: 'test/tip' },
          async (tx) => {
            if (body.amount < 0) throw new AppError(400, 'VALIDATION_FAILED', 'validation_failed');
            const [row] = await tx
              .insert(auditLog)
              .values({ venueId: request.venue.id, action: 'tip.create', entity: 'tip', after: body })
              .returning();
            const [limit] = await leanQuery<{ value: string }>(tx, 'test_lock_timeout', LOCK_TIMEOUT_SQL, []);
            return { status: 201, body: { result: 0, id: row!.id, lockTimeout: limit!.value } };
          },
        );
      }),
  });
  const venue = await givenVenue(t, { subdomain: 'casa' });
  await givenStaff(t, { venueId: venue.id, email: 'tpv@casa.test' });
  await givenStaff(t, { venueId: venue.id, email: 'tpv2@casa.test' });
  token = await signIn(t, 'casa', 'tpv@casa.test');
  otherToken = await signIn(t, 'casa', 'tpv2@casa.test');
});
afterAll(() => t.close());

const tip = (key: string | undefined, amount: number, bearer = token) =>
  call(t, 'casa', {
    method: 'POST',
    url: '/world/api/test/tip',
    token: bearer,
    headers: key ? { 'idempotency-key': key } : {},
    payload: { amount },
  });

const auditRows = async () =>
  (await t.ctx.db.select().from(auditLog).where(eq(auditLog.action, 'tip.create'))).length;

describe('Idempotency-Key (REL-03)', () => {
  it('50 identical concurrent requests write once and replay 49 times', async () => {
    const before = await auditRows();
    const responses = await Promise.all(Array.from({ length: 50 }, () => tip('double-tap-1', 250)));
    expect(responses.every((response) => response.statusCode === 201)).toBe(true);
    expect(new Set(responses.map((response) => response.json().id)).size).toBe(1);
    expect(responses.filter((response) => response.headers['idempotent-replayed'] === 'true')).toHaveLength(
      49,
    );
    expect(await auditRows()).toBe(before + 1);
  });

  it('the same key with another body is a 422 and writes nothing', async () => {
    await tip('key-2', 100);
    const before = await auditRows();
    const reused = await tip('key-2', 999);
    expect(reused.statusCode).toBe(422);
    expect(reused.json().code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(await auditRows()).toBe(before);
  });

  it('keys are scoped to the actor: another staff member with the same key writes their own', async () => {
    const mine = await tip('shared-key', 300);
    const theirs = await tip('shared-key', 300, otherToken);
    expect(theirs.json().id).not.toBe(mine.json().id);
  });

  it('a failed write keeps no key, so a corrected retry runs', async () => {
    expect((await tip('key-3', -1)).statusCode).toBe(400);
    const before = await auditRows();
    // Same key, same (bad) body again: runs again and fails again; nothing was stored.
    expect((await tip('key-3', -1)).statusCode).toBe(400);
    expect(await auditRows()).toBe(before);
  });

  it("the claim's 10 s lock limit is its own: the write after it waits for locks as the connection does", async () => {
    const [connection] = await leanQuery<{ value: string }>(
      t.ctx.db,
      'test_lock_timeout',
      LOCK_TIMEOUT_SQL,
      [],
    );
    const reply = await tip('key-lock-limit', 7);
    expect(reply.statusCode).toBe(201);
    expect(reply.json().lockTimeout).toBe(connection!.value);
    expect(reply.json().lockTimeout).not.toBe('10s');
  });

  it('without a key every request runs', async () => {
    const before = await auditRows();
    await tip(undefined, 50);
    await tip(undefined, 50);
    expect(await auditRows()).toBe(before + 2);
  });

  it('refuses a malformed key', async () => {
    const response = await tip('has spaces in it', 10);
    expect(response.statusCode).toBe(400);
    expect(response.json().fields[0].path).toBe('Idempotency-Key');
  });
});
