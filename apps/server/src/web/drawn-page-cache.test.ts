import { describe, expect, it } from 'vitest';
import { DRAWN_PAGE_TTL_MS, DrawnPageCache, type DrawnPage } from './drawn-page-cache.ts';

function counter(html = '<p>menu</p>') {
  let draws = 0;
  return {
    draw: (): Promise<DrawnPage | null> => {
      draws += 1;
      return Promise.resolve({ status: 200, html });
    },
    get draws() {
      return draws;
    },
  };
}

describe('the drawn pages kept (decision 030)', () => {
  it('keeps a page a minute, per venue and key', async () => {
    let now = 0;
    const cache = new DrawnPageCache(() => now);
    const page = counter();
    await cache.get(1, '/menu es', page.draw);
    await cache.get(1, '/menu es', page.draw);
    expect(page.draws).toBe(1);
    await cache.get(2, '/menu es', page.draw);
    await cache.get(1, '/menu en', page.draw);
    expect(page.draws).toBe(3);
    now = DRAWN_PAGE_TTL_MS + 1;
    await cache.get(1, '/menu es', page.draw);
    expect(page.draws).toBe(4);
  });

  it("drops one venue's pages, or all, and never keeps a page the browser had to draw", async () => {
    const cache = new DrawnPageCache(() => 0);
    const page = counter();
    await cache.get(1, '/menu', page.draw);
    await cache.get(2, '/menu', page.draw);
    cache.dropVenue(1);
    await cache.get(1, '/menu', page.draw);
    await cache.get(2, '/menu', page.draw);
    expect(page.draws).toBe(3);
    cache.clear();
    await cache.get(2, '/menu', page.draw);
    expect(page.draws).toBe(4);

    let fallbacks = 0;
    const browserDraws = () => {
      fallbacks += 1;
      return Promise.resolve(null);
    };
    await cache.get(1, '/home', browserDraws);
    await cache.get(1, '/home', browserDraws);
    expect(fallbacks).toBe(2);
  });

  it('starts over past 64 MB of pages', async () => {
    const cache = new DrawnPageCache(() => 0);
    const large = counter('x'.repeat(40 * 1024 * 1024));
    const small = counter();
    await cache.get(1, '/a', large.draw);
    await cache.get(1, '/b', large.draw);
    await cache.get(1, '/a', large.draw);
    expect(large.draws).toBe(2);
    // The next page drawn finds 80 MB kept and drops them first.
    await cache.get(1, '/small', small.draw);
    await cache.get(1, '/a', large.draw);
    expect(large.draws).toBe(3);
    await cache.get(1, '/small', small.draw);
    expect(small.draws).toBe(1);
  });
});
