import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { renderIcon } from './app-icons.ts';
import { serviceWorkerSource } from './service-worker.ts';
import { webAppManifest } from './staff-app.ts';

type RouteOf = (request: { url: string; method: string; mode: string }) => 'asset' | 'shell' | null;

/** Runs the generated worker against a stand-in global and returns its request routing. */
function loadWorker(): { routeOf: RouteOf; listeners: string[] } {
  const listeners: string[] = [];
  const self: Record<string, unknown> = {
    location: { origin: 'https://demo.sobremesa.example' },
    addEventListener: (type: string) => listeners.push(type),
  };
  const source = serviceWorkerSource({ version: 'v1', precache: ['/assets/app-abc.js'] });
  new Function('self', 'caches', 'fetch', source)(self, {}, () => undefined);
  return { routeOf: self.sobremesaRouteOf as RouteOf, listeners };
}

const at = (path: string, mode = 'navigate', method = 'GET') => ({
  url: `https://demo.sobremesa.example${path}`,
  method,
  mode,
});

describe('the staff service worker', () => {
  const { routeOf, listeners } = loadWorker();

  it('answers install, activate and fetch', () => {
    expect(listeners.sort()).toEqual(['activate', 'fetch', 'install']);
  });

  it('keeps the hashed files, icons and sounds', () => {
    expect(routeOf(at('/assets/copilot-route-C9xW.js', 'no-cors'))).toBe('asset');
    expect(routeOf(at('/favicons/copilot.svg', 'no-cors'))).toBe('asset');
    expect(routeOf(at('/audio/notification.wav', 'no-cors'))).toBe('asset');
  });

  it('starts the staff screens offline from their last page, whatever the path below them', () => {
    expect(routeOf(at('/copilot'))).toBe('shell');
    expect(routeOf(at('/copilot/pos'))).toBe('shell');
    expect(routeOf(at('/kiosk'))).toBe('shell');
    expect(routeOf(at('/login?next=%2Fcopilot'))).toBe('shell');
  });

  it('never touches the API, guest pages, capability links, other origins or writes', () => {
    expect(routeOf(at('/world/api/reservation/getbyday', 'cors', 'POST'))).toBeNull();
    expect(routeOf(at('/world/api/systemconfig', 'cors'))).toBeNull();
    expect(routeOf(at('/world/ws', 'websocket'))).toBeNull();
    // Guest pages are drawn by the server with their data (decision 030): always from the network.
    for (const guest of ['/', '/home', '/menu', '/reservar', '/takeaway', '/mis-reservas', '/opinion'])
      expect(routeOf(at(guest))).toBeNull();
    expect(routeOf(at('/copilot?wid=abc'))).toBeNull();
    expect(routeOf(at('/copilot', 'cors'))).toBeNull();
    expect(routeOf({ ...at('/assets/x.js', 'no-cors'), url: 'https://cdn.example/assets/x.js' })).toBeNull();
  });
});

describe('the web app manifest and its icons', () => {
  it('opens the copilot standalone, with SVG and PNG icons including a maskable one', () => {
    const manifest = webAppManifest() as {
      start_url: string;
      display: string;
      icons: { src: string; sizes: string; purpose: string }[];
    };
    expect(manifest.start_url).toBe('/copilot');
    expect(manifest.display).toBe('standalone');
    expect(manifest.icons.map((icon) => [icon.sizes, icon.purpose])).toEqual([
      ['any', 'any'],
      ['192x192', 'any'],
      ['512x512', 'any'],
      ['512x512', 'maskable'],
    ]);
  });

  it('draws real PNGs: signature, size, opaque maskable corners and transparent rounded ones', () => {
    const pixelAt = (png: Buffer, size: number, x: number, y: number) => {
      const idat = png.indexOf('IDAT');
      const length = png.readUInt32BE(idat - 4);
      const raw = inflateSync(png.subarray(idat + 4, idat + 4 + length));
      const offset = y * (size * 4 + 1) + 1 + x * 4;
      return [...raw.subarray(offset, offset + 4)];
    };
    const plain = renderIcon({ size: 64, purpose: 'any' });
    expect([...plain.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect(plain.readUInt32BE(16)).toBe(64);
    expect(pixelAt(plain, 64, 0, 0)[3]).toBe(0);
    expect(pixelAt(plain, 64, 32, 4)).toEqual([0x1f, 0x1b, 0x17, 255]);
    const maskable = renderIcon({ size: 64, purpose: 'maskable' });
    expect(pixelAt(maskable, 64, 0, 0)).toEqual([0x1f, 0x1b, 0x17, 255]);
  });
});
