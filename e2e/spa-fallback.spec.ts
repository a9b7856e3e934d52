import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from './support/server.ts';

let server: RunningServer;

beforeAll(async () => {
  server = await startServer();
});

afterAll(async () => {
  await server?.close();
});

function expectSecurityHeaders(response: Response): void {
  expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  expect(response.headers.get('x-content-type-options')).toBe('nosniff');
}

describe('one process, one port: the web app with SPA fallback', () => {
  it.each(['/', '/reservar', '/copilot', '/carta/postres?lang=en'])(
    'answers %s with the app shell and security headers',
    async (route) => {
      const response = await fetch(`${server.url}${route}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^text\/html/);
      expectSecurityHeaders(response);
      const html = await response.text();
      // Guest pages arrive drawn by the server (decision 030); the others are drawn in the browser.
      // A path the app itself sends elsewhere (/carta/postres) too.
      if (route === '/reservar') expect(html).toMatch(/<div id="root"><!--\$--><div class="app">/);
      else expect(html).toContain('<div id="root"></div>');
      // In the language the link names (search engines' alternates, decision 019), else the browser's.
      expect(html).toMatch(route.includes('lang=en') ? /<html lang="en"[ >]/ : /<html lang="es"[ >]/);
    },
  );

  it("answers a route's first path with a page that also asks for that route's own code", async () => {
    const html = async (route: string) => (await fetch(`${server.url}${route}`)).text();
    const routeCode = (name: string) =>
      new RegExp(`<link rel="modulepreload" crossorigin href="/assets/${name}-[\\w-]+\\.js">`);
    for (const route of ['/menu?uid=abc', '/carta/postres']) {
      const page = await html(route);
      expect(page, route).toMatch(routeCode('menu-route'));
      expect(page, route).toMatch(
        /<link rel="(preload" as="style|stylesheet)" crossorigin href="\/assets\/menu-route-[\w-]+\.css">/,
      );
    }
    // A page asked for with a guest's link is drawn by the server for that request alone (decision 072).
    expect(await html('/menu?uid=abc')).toMatch(/<html lang="es" data-server-rendered="">/);
    // A drawn page applies its route's styles at once instead of preloading them.
    expect(await html('/carta')).toMatch(
      /<link rel="stylesheet" crossorigin href="\/assets\/menu-route-[\w-]+\.css">/,
    );
    const reserve = await html('/reservar');
    expect(reserve).toMatch(routeCode('reserve-route'));
    expect(reserve).not.toMatch(routeCode('menu-route'));
    // A path no route starts with gets the plain page: the app shows its own "not found".
    for (const route of ['/', '/no-such-page', '/first-route']) {
      const page = await html(route);
      expect(page, route).not.toMatch(/-route-[\w-]+\.js">/);
      expect(page, route).toContain('<div id="root"></div>');
    }
  });

  it('serves the built assets the shell points at', async () => {
    const html = await (await fetch(server.url)).text();
    const script = /<script type="module" crossorigin src="([^"]+)"/.exec(html)?.[1];
    expect(script).toMatch(/^\/assets\/.+\.js$/);
    const response = await fetch(`${server.url}${script}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/javascript/);
    expectSecurityHeaders(response);
  });

  it('keeps unknown API paths as JSON 404s, never the shell', async () => {
    const response = await fetch(`${server.url}/world/api/no-such-call`);
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toMatch(/application\/json/);
    expectSecurityHeaders(response);
  });
});
