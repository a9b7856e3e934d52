import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { venues } from '../../db/schema/index.ts';
import { buildTestApp, givenVenue, hostOf, type TestApp } from '../../test/test-app.ts';

/**
 * The venue lookup by host is kept two seconds, forgotten at once by the instance that changes a venue. A
 * lookup in flight when it forgets may carry the row as it was: it must not be kept, or the staff screens the
 * change's event sends to read the venue again would read the old one (its name on the copilot, its zone).
 */
let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
  await givenVenue(t, { subdomain: 'casa', businessName: 'Casa Antes' });
});
afterAll(() => t.close());

describe('the venue directory', () => {
  it('does not keep a lookup that was in flight when it was told to forget', async () => {
    const host = hostOf('casa');
    const racing = t.ctx.venues.resolveHost(host);
    t.ctx.venues.invalidate();
    expect((await racing)?.businessName).toBe('Casa Antes');

    await t.ctx.db.update(venues).set({ businessName: 'Casa Después' }).where(eq(venues.subdomain, 'casa'));
    expect((await t.ctx.venues.resolveHost(host))?.businessName).toBe('Casa Después');
  });

  it('keeps a lookup that nothing raced', async () => {
    const host = hostOf('casa');
    const first = await t.ctx.venues.resolveHost(host);
    await t.ctx.db.update(venues).set({ businessName: 'Casa Otra' }).where(eq(venues.subdomain, 'casa'));
    expect((await t.ctx.venues.resolveHost(host))?.businessName).toBe(first?.businessName);
  });
});
