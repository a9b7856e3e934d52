import { describe, expect, it } from 'vitest';
import { ROUTE_CHUNKS_ELEMENT_ID, routeChunkFiles, routeChunkId } from './route-chunks.ts';

/** A page with the build's data block holding `text`, or without one. */
const page = (text: string | null) => ({
  getElementById: (id: string) =>
    id === ROUTE_CHUNKS_ELEMENT_ID && text !== null ? ({ textContent: text } as HTMLElement) : null,
});

describe('route chunks written into the page', () => {
  it('names a route module by its path under src/app/routes', () => {
    expect(routeChunkId('/repo/apps/web/src/app/routes/guest/menu-route.tsx')).toBe('guest/menu-route');
    expect(routeChunkId('C:\\repo\\apps\\web\\src\\app\\routes\\staff\\copilot-route.tsx')).toBe(
      'staff/copilot-route',
    );
    expect(routeChunkId('/repo/apps/web/src/features/menu/menu-model.ts')).toBeNull();
  });

  it('gives a route its files, and nothing for another route, a missing block or a broken one', () => {
    const map = JSON.stringify({
      'guest/menu-route': ['/assets/menu-route-abc.js', '/assets/menu-route-abc.css'],
    });
    expect(routeChunkFiles(page(map), 'guest/menu-route')).toEqual([
      '/assets/menu-route-abc.js',
      '/assets/menu-route-abc.css',
    ]);
    expect(routeChunkFiles(page(map), 'guest/reserve-route')).toEqual([]);
    // Development: Vite serves the sources and writes no block.
    expect(routeChunkFiles(page(null), 'guest/menu-route')).toEqual([]);
    expect(routeChunkFiles(page('{not json'), 'guest/menu-route')).toEqual([]);
  });
});
