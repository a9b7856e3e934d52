import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, callWithToken, signInThroughApi } from './support/api.ts';
import { launchBrowser } from './support/browser.ts';
import { floorApi } from './support/floor.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { signInThroughForm, watchForProblems } from './support/shell.ts';

/**
 * The floor's tiles on a 1280×800 tablet, read from a metre away: the table's name, its state, the party's
 * name and size and the time seated all inside the tile, none cut off; a long guest name ends in "…" and
 * keeps its whole self in the tile's tooltip. In Spanish and in German, whose states are the longest.
 */
let server: RunningServer;
let browser: Browser;
const SHOTS = process.env.STAFF_LAYOUT_SHOTS;

const GUESTS = [
  { name: 'Maximiliano Fernández de Córdoba y Villalobos', pax: 2 },
  { name: 'Guillermina Etxeberria Zubizarreta', pax: 4 },
  { name: 'Bartholomäus Schwarzenegger-Lindqvist', pax: 6 },
  { name: 'Ana', pax: 2 },
] as const;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ readyTimeoutMs: 180_000 }), launchBrowser()]);
  const admin = floorApi(server.url, await signInThroughApi(server.url, 'admin@demo.test', DEMO_PASSWORD));
  const sala = await signInThroughApi(server.url, 'sala@demo.test', DEMO_PASSWORD);
  const walkIns = [];
  for (const guest of GUESTS) walkIns.push(await admin.walkIn(guest.name, guest.pax));
  // One table orders (its course state on the tile), one asks for the bill (the longest state in German).
  const [ordering, billed] = walkIns;
  const order = await callWithToken(server.url, '/world/api/cartsession/createcartsessionorder', sala, {
    orderInfo: { reservationId: ordering!.id, source: 1 },
    products: [{ sku: 'ENT-02', options: [], orderQuantity: 1 }],
  });
  if (order.status >= 300) throw new Error(`order: ${order.status} ${await order.text()}`);
  await admin.call('/world/api/reservation/request-ticket', {
    reservationWid: billed!.wid,
    paymentMethod: 'card',
  });
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

interface TileProblem {
  readonly table: string;
  readonly problem: string;
}

/**
 * Everything each tile shows that does not fit: a part outside the tile, a part whose text is cut (wider or
 * taller than its box), a part too small to read from a metre, and a guest name cut without the whole name
 * in its tooltip. Only the guest's name may end in "…".
 */
function tileProblems(page: Page, guests: readonly string[]): Promise<TileProblem[]> {
  return page.evaluate((names) => {
    const problems: { table: string; problem: string }[] = [];
    for (const tile of Array.from(document.querySelectorAll<HTMLElement>('.floor-table'))) {
      const table = tile.dataset.tableId ?? '?';
      const report = (problem: string) => problems.push({ table, problem });
      if (tile.scrollWidth > tile.clientWidth || tile.scrollHeight > tile.clientHeight)
        report(
          `the tile scrolls (${tile.scrollWidth}×${tile.scrollHeight} in ${tile.clientWidth}×${tile.clientHeight})`,
        );
      const box = tile.getBoundingClientRect();
      const style = getComputedStyle(tile);
      const inner = {
        left: box.left + parseFloat(style.borderLeftWidth) - 0.5,
        right: box.right - parseFloat(style.borderRightWidth) + 0.5,
        top: box.top + parseFloat(style.borderTopWidth) - 0.5,
        bottom: box.bottom - parseFloat(style.borderBottomWidth) + 0.5,
      };
      const parts = Array.from(tile.querySelectorAll<HTMLElement>('*')).filter(
        (part) => !part.closest('.visually-hidden') && (part.textContent ?? '').trim() !== '',
      );
      for (const part of parts) {
        const text = (part.textContent ?? '').trim();
        const rect = part.getBoundingClientRect();
        if (
          rect.left < inner.left ||
          rect.right > inner.right ||
          rect.top < inner.top ||
          rect.bottom > inner.bottom
        )
          report(`"${text}" lies outside the tile`);
        const partStyle = getComputedStyle(part);
        const fontSize = parseFloat(partStyle.fontSize);
        if (fontSize < 16) report(`"${text}" is ${fontSize}px`);
        const cut = part.scrollWidth > part.clientWidth || part.scrollHeight > part.clientHeight;
        if (!cut || partStyle.display === 'inline') continue;
        const guest = names.includes(part.title) && text === part.title;
        if (!guest || partStyle.textOverflow !== 'ellipsis') report(`"${text}" is cut off`);
      }
    }
    return problems;
  }, guests);
}

/** Sala's floor in the staff member's chosen language (the sign-in form is Spanish, the browser's). */
async function floorIn(locale: string): Promise<Page> {
  const context = await browser.newContext({ locale: 'es-ES', viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await signInThroughForm(page, server.url, 'sala@demo.test');
  await page.waitForURL(`${server.url}/copilot`);
  await page.evaluate((chosen) => localStorage.setItem('selectedLocale', chosen), locale);
  await page.reload();
  return page;
}

describe('a floor tile on a 1280×800 tablet', () => {
  it.each([
    { locale: 'es', billed: 'Cuenta pedida' },
    { locale: 'de', billed: 'Rechnung angefordert' },
  ])('shows all it says inside the tile, the long guest names ended by "…" ($locale)', async (language) => {
    const page = await floorIn(language.locale);
    const problems = watchForProblems(page);
    try {
      await page.locator('.floor-table', { hasText: language.billed }).waitFor({ timeout: 30_000 });
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/floor-tiles-${language.locale}.png` });
      expect(
        await tileProblems(
          page,
          GUESTS.map((guest) => guest.name),
        ),
      ).toEqual([]);
      for (const guest of GUESTS) {
        const party = page.locator('.floor-table__guest', { hasText: guest.name.slice(0, 8) });
        // The whole name on hover and for assistive technology, whatever the tile shows.
        expect(await party.getAttribute('title')).toBe(guest.name);
        expect(await party.textContent()).toBe(guest.name);
        await page
          .locator('.floor-table__pax', { hasText: String(guest.pax) })
          .first()
          .waitFor();
      }
      expect(problems).toEqual([]);
    } finally {
      await page.context().close();
    }
  });
});
