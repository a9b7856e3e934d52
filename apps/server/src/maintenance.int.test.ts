import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idempotencyKeys, rateLimitBuckets, realtimeEvents } from './db/schema/index.ts';
import { runMaintenance } from './maintenance.ts';
import { buildTestApp, givenVenue, type TestApp } from './test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('maintenance', () => {
  it('forgets rate-limit windows after a day, idempotency keys after 48 hours, realtime events after a week', async () => {
    const venue = await givenVenue(t, { subdomain: 'casa' });
    const now = t.clock.now().getTime();
    const hoursAgo = (hours: number) => new Date(now - hours * 3600 * 1000);
    await t.ctx.db.insert(rateLimitBuckets).values([
      { key: 'login-ip:old', windowStart: hoursAgo(25), hits: 3 },
      { key: 'login-ip:recent', windowStart: hoursAgo(1), hits: 3 },
    ]);
    const key = {
      venueId: venue.id,
      actor: 'staff:1',
      route: 'test',
      requestHash: 'h',
      responseStatus: 200,
      responseBody: {},
    };
    await t.ctx.db.insert(idempotencyKeys).values([
      { ...key, key: 'old', createdAt: hoursAgo(49) },
      { ...key, key: 'kept-a-day', createdAt: hoursAgo(30) },
    ]);
    await t.ctx.db.insert(realtimeEvents).values([
      { venueId: venue.id, seq: 1, topic: 'old', payload: {}, createdAt: hoursAgo(8 * 24) },
      { venueId: venue.id, seq: 2, topic: 'recent', payload: {}, createdAt: hoursAgo(6 * 24) },
    ]);
    await runMaintenance(t.ctx);
    expect((await t.ctx.db.select().from(realtimeEvents)).map((row) => row.topic)).toEqual(['recent']);
    expect((await t.ctx.db.select().from(rateLimitBuckets)).map((row) => row.key)).toEqual([
      'login-ip:recent',
    ]);
    expect((await t.ctx.db.select().from(idempotencyKeys)).map((row) => row.key)).toEqual(['kept-a-day']);
  });
});
