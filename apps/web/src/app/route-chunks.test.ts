import { describe, expect, it } from 'vitest';
import {
  MESSAGE_CHUNKS_ELEMENT_ID,
  ROUTE_CHUNKS_ELEMENT_ID,
  messageChunkFiles,
  messageModule,
  preloadFiles,
  routeChunkFiles,
  routeChunkId,
} from './route-chunks.ts';

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
    expect(routeChunkId('/repo/apps/web/src/lib/guest-menu/menu-model.ts')).toBeNull();
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

describe('message chunks written into the page', () => {
  const block = (text: string | null) => ({
    getElementById: (id: string) =>
      id === MESSAGE_CHUNKS_ELEMENT_ID && text !== null ? ({ textContent: text } as HTMLElement) : null,
  });

  it('names a message module by its language and namespace', () => {
    expect(messageModule('/repo/apps/web/src/i18n/locales/en/menu.json')).toEqual({
      locale: 'en',
      namespace: 'menu',
    });
    expect(messageModule('C:\\repo\\apps\\web\\src\\i18n\\locales\\eu\\common.json')).toEqual({
      locale: 'eu',
      namespace: 'common',
    });
    expect(messageModule('/repo/apps/web/src/i18n/i18n.ts')).toBeNull();
  });

  it("gives a language's namespaces their files, each once, and nothing it does not know", () => {
    const map = JSON.stringify({
      en: {
        common: '/assets/messages-en-1.js',
        shell: '/assets/messages-en-1.js',
        menu: '/assets/menu-2.js',
      },
    });
    expect(messageChunkFiles(block(map), 'en', ['common', 'shell', 'menu', 'kiosk'])).toEqual([
      '/assets/messages-en-1.js',
      '/assets/menu-2.js',
    ]);
    expect(messageChunkFiles(block(map), 'de', ['common'])).toEqual([]);
    expect(messageChunkFiles(block(null), 'en', ['common'])).toEqual([]);
    expect(messageChunkFiles(block('[1'), 'en', ['common'])).toEqual([]);
  });
});

describe('preloading the files a first route needs', () => {
  /** A page head holding links to `present`, recording the links added to it. */
  function head(present: readonly string[]) {
    const added: Record<string, string>[] = [];
    const document = {
      querySelectorAll: () => present.map((href) => ({ getAttribute: () => href })),
      createElement: () => ({}) as Record<string, string>,
      head: { append: (link: Record<string, string>) => added.push(link) },
    };
    return { document: document as unknown as Document, added };
  }

  it('asks for scripts as modules and styles as styles, in CORS mode as the import will', () => {
    const { document, added } = head([]);
    preloadFiles(document, ['/assets/menu-route-a.js', '/assets/menu-route-b.css']);
    expect(added).toEqual([
      { rel: 'modulepreload', crossOrigin: '', href: '/assets/menu-route-a.js' },
      { rel: 'preload', as: 'style', crossOrigin: '', href: '/assets/menu-route-b.css' },
    ]);
  });

  it('leaves out what the page asks for already (the server’s page for a first route)', () => {
    const { document, added } = head(['/assets/menu-route-a.js']);
    preloadFiles(document, ['/assets/menu-route-a.js', '/assets/messages-en-c.js']);
    expect(added.map((link) => link.href)).toEqual(['/assets/messages-en-c.js']);
  });
});
