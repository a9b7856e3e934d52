import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './support/browser.ts';
import {
  chooseDate,
  declareEmbedOrigins,
  openDates,
  serveOtherSite,
  type OtherSite,
} from './support/reservations.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { watchForProblems } from './support/shell.ts';
import { translation } from './support/stored-values.ts';

/**
 * Issue 4 item 5: a venue embeds /iframe-reservar in its own site (another origin). The site is declared through
 * the admin call (`venueconfig/update`, embedOrigins), so the server lets it frame the form (frame-ancestors)
 * and the form posts its height to it: 380 at once, then the measured height plus 10 as it changes. A site
 * that was not declared cannot frame the form, and never hears from it.
 */
let server: RunningServer;
let browser: Browser;
let declared: OtherSite;
let undeclared: OtherSite;
let date: string;

/** The venue's page: the iframe and the listener of the README's snippet, recording every message it gets. */
function venuePage(path: string): string {
  return `<!doctype html>
<html lang="es">
<head><meta charset="utf-8"><title>Restaurante de prueba</title></head>
<body>
<h1>Restaurante de prueba</h1>
<iframe id="sobremesa-booking" src="${server.url}${path}" title="Reservas" style="width:100%;max-width:40rem;height:380px;border:0"></iframe>
<script>
  window.received = [];
  window.addEventListener('message', function (event) {
    window.received.push({ origin: event.origin, data: event.data });
    if (event.origin !== ${JSON.stringify(server.url)}) return;
    if (!event.data || event.data.type !== 'sobremesa:resize') return;
    document.getElementById('sobremesa-booking').style.height = event.data.height + 'px';
  });
</script>
</body>
</html>`;
}

interface Received {
  readonly origin: string;
  readonly data: { type?: string; height?: number };
}

const received = (page: Page) =>
  page.evaluate(() => (window as unknown as { received: Received[] }).received);
const iframeHeight = (page: Page) =>
  page.evaluate(() => document.getElementById('sobremesa-booking')!.getBoundingClientRect().height);

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  [date] = (await openDates(server.url, 1)) as [string];
  // Two sites on other origins (127.0.0.1 vs the server's localhost, each its own port).
  [declared, undeclared] = await Promise.all([
    serveOtherSite(venuePage('/iframe-reservar')),
    serveOtherSite(venuePage('/iframe-reservar')),
  ]);
  const response = await declareEmbedOrigins(server.url, [declared.origin]);
  expect(response.status).toBe(200);
});

afterAll(async () => {
  await browser?.close();
  await Promise.all([declared?.close(), undeclared?.close()]);
  await server?.close();
});

async function withPage(run: (page: Page, context: BrowserContext) => Promise<void>): Promise<void> {
  const context = await browser.newContext({ locale: 'es-ES', viewport: { width: 800, height: 900 } });
  const page = await context.newPage();
  try {
    await run(page, context);
  } finally {
    await context.close();
  }
}

describe('embedding the booking form', () => {
  it('a declared site frames /iframe-reservar and receives its resize messages', async () => {
    await withPage(async (page) => {
      const problems = watchForProblems(page);
      await page.goto(declared.origin);
      const frame = page.frameLocator('#sobremesa-booking');
      await frame.getByRole('heading', { level: 1, name: 'Reserva tu mesa' }).waitFor();

      // 380 at once, then the measured height plus 10, posted to the declared site only.
      await expect.poll(async () => (await received(page)).length).toBeGreaterThanOrEqual(2);
      const first = await received(page);
      expect(first[0]).toEqual({ origin: server.url, data: { type: 'sobremesa:resize', height: 380 } });
      expect(first.every((message) => message.origin === server.url)).toBe(true);
      const measured = await frame
        .locator('main')
        .evaluate((main) => Math.ceil(main.getBoundingClientRect().height) + 10);
      await expect.poll(async () => (await received(page)).at(-1)?.data.height).toBe(measured);
      // The listener of the README resizes the iframe: no inner scrollbar.
      await expect.poll(() => iframeHeight(page)).toBe(measured);

      // The form grows as the guest goes on (the list of times): a new, larger height arrives.
      const before = (await received(page)).at(-1)!.data.height!;
      await frame.getByLabel('Personas', { exact: true }).selectOption('2');
      await chooseDate(frame, date, translation('es', 'reservations', 'date.nextMonth'));
      await frame.getByRole('radio', { name: '21:00', exact: true }).waitFor();
      await expect.poll(async () => (await received(page)).at(-1)!.data.height!).toBeGreaterThan(before);
      const grown = await frame
        .locator('main')
        .evaluate((main) => Math.ceil(main.getBoundingClientRect().height) + 10);
      await expect.poll(async () => (await received(page)).at(-1)?.data.height).toBe(grown);
      await expect.poll(() => iframeHeight(page)).toBe(grown);
      expect(problems).toEqual([]);
    });
  });

  it('the widget in a declared site sizes itself the same way and opens the full form', async () => {
    const site = await serveOtherSite(venuePage('/widget'));
    try {
      expect((await declareEmbedOrigins(server.url, [declared.origin, site.origin])).status).toBe(200);
      await withPage(async (page, context) => {
        await page.goto(site.origin);
        const frame = page.frameLocator('#sobremesa-booking');
        await frame.getByRole('heading', { level: 1, name: 'Reserva en Casa Sobremesa' }).waitFor();
        await expect.poll(async () => (await received(page)).at(-1)?.data.height).toBeLessThan(380);
        expect((await received(page))[0]?.data).toEqual({ type: 'sobremesa:resize', height: 380 });

        await frame.getByLabel('Día', { exact: true }).selectOption(date);
        await frame.getByLabel('Personas', { exact: true }).selectOption('4');
        const [opened] = await Promise.all([
          context.waitForEvent('page'),
          frame.getByRole('button', { name: /Reservar/ }).click(),
        ]);
        await opened.getByRole('heading', { level: 1, name: 'Reserva tu mesa' }).waitFor();
        const url = new URL(opened.url());
        expect(url.pathname).toBe('/reservar');
        expect(Object.fromEntries(url.searchParams)).toEqual({ source: 'widget', date, pax: '4' });
        expect(await opened.getByLabel('Personas', { exact: true }).inputValue()).toBe('4');
        await opened.locator(`button[data-date="${date}"][class*="selected"]`).waitFor();
      });
    } finally {
      await declareEmbedOrigins(server.url, [declared.origin]);
      await site.close();
    }
  });

  it('an undeclared site cannot frame the form (frame-ancestors) and receives no message', async () => {
    await withPage(async (page) => {
      const refusals: string[] = [];
      page.on('console', (message) => {
        if (/frame-ancestors/.test(message.text())) refusals.push(message.text());
      });
      // goto waits for the page's load event, which waits for its frame: refused, the frame holds no form.
      await page.goto(undeclared.origin);
      await expect.poll(() => refusals.length).toBeGreaterThan(0);
      const frames = page.frames().filter((candidate) => candidate !== page.mainFrame());
      expect(frames).toHaveLength(1);
      expect(frames[0]!.url()).not.toContain('/iframe-reservar');
      expect(await page.frameLocator('#sobremesa-booking').getByRole('heading').count()).toBe(0);
      expect(await received(page)).toEqual([]);
    });
  });

  it('and even framed against the policy, the form posts nothing to an undeclared parent', async () => {
    await withPage(async (page) => {
      // Strip the server's frame-ancestors to reach the form's own rule: post only to declared parents.
      await page.route(`${server.url}/iframe-reservar`, async (route) => {
        const response = await route.fetch();
        const headers = { ...response.headers() };
        delete headers['content-security-policy'];
        delete headers['x-frame-options'];
        await route.fulfill({ response, headers });
      });
      await page.goto(undeclared.origin);
      const frame = page.frameLocator('#sobremesa-booking');
      await frame.getByRole('heading', { level: 1, name: 'Reserva tu mesa' }).waitFor();
      await frame.getByLabel('Personas', { exact: true }).selectOption('2');
      // Once the form has drawn the change and measured itself, the frame posts a marker to the page: one
      // window's messages to another arrive in order, so any post of the form's own would be there first.
      const form = page.frames().find((candidate) => candidate.url().includes('/iframe-reservar'))!;
      await form.evaluate(async () => {
        for (let frame = 0; frame < 2; frame += 1)
          await new Promise((resolve) => requestAnimationFrame(resolve));
        window.parent.postMessage('test:marker', '*');
      });
      await expect.poll(async () => (await received(page)).length).toBeGreaterThan(0);
      expect(await received(page)).toEqual([{ origin: new URL(server.url).origin, data: 'test:marker' }]);
      expect(await iframeHeight(page)).toBe(380);
    });
  });
});
