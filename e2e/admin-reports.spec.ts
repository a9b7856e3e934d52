import fs from 'node:fs';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, callWithToken, signInThroughApi } from './support/api.ts';
import { seriousAccessibilityViolations } from './support/axe.ts';
import { launchBrowser } from './support/browser.ts';
import { seatedTableQr } from './support/menu.ts';
import { ok, paidGuestTable } from './support/reviews.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { watchForProblems, watchScripts } from './support/shell.ts';
import { translation } from './support/stored-values.ts';

/**
 * Issue 24 item 6 in Chromium through the real server: a table pays today; the admin opens Informes on a
 * tablet, sees today's sales in the tiles and the charts' tables, switches the range with the keyboard,
 * downloads a report as CSV; axe finds nothing serious; the chart library arrives with this screen only.
 * Then a table of nine more dishes: the days are written in the reader's language (Spanish, and Basque, which
 * Debian's Chromium has no date names for), never as ISO dates, and at 1280×800 no bar's name, no tile's
 * text runs into another.
 */
let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let admin = '';
let sala = '';
let tpv = '';
let problems: string[] = [];
let scripts = new Set<string>();

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ readyTimeoutMs: 180_000 }), launchBrowser()]);
  [admin, sala, tpv] = await Promise.all([
    signInThroughApi(server.url, 'admin@demo.test', DEMO_PASSWORD),
    signInThroughApi(server.url, 'sala@demo.test', DEMO_PASSWORD),
    signInThroughApi(server.url, 'tpv@demo.test', DEMO_PASSWORD),
  ]);
  await paidGuestTable(server.url, { sala, tpv }, 'Mesa Informes');
  context = await browser.newContext({
    locale: 'es-ES',
    viewport: { width: 1280, height: 800 },
    bypassCSP: true,
    acceptDownloads: true,
  });
  page = await context.newPage();
  problems = watchForProblems(page);
  scripts = watchScripts(page);
  await page.goto(`${server.url}/login`);
  await page.evaluate((value) => localStorage.setItem('token', value), admin);
}, 200_000);

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.close();
});

describe('the owner’s reports', () => {
  it('open from the admin area on this month, with today’s sale in the tiles and tables', async () => {
    await page.goto(`${server.url}/ebitdata`);
    const before = new Set(scripts);
    await page.getByRole('link', { name: 'Informes' }).click();
    await page.getByRole('heading', { level: 1, name: 'Informes' }).waitFor();
    expect(await page.getByRole('button', { name: 'Este mes' }).getAttribute('aria-pressed')).toBe('true');
    const sales = page.getByRole('listitem').filter({ hasText: 'Ventas' });
    await sales.getByText(/^6,50\s€$/).waitFor();
    await page
      .getByRole('img', { name: /Ventas por día: \d+ barras; la más alta, .+, con 6,50\s€\./ })
      .waitFor();
    await page
      .getByRole('region', { name: 'Ventas por día' })
      .getByText('Barras: este periodo. Línea discontinua: el periodo anterior, día a día.')
      .waitFor();
    const products = page.getByRole('region', { name: 'Productos más vendidos' });
    await products.getByText('Ver como tabla').click();
    await products.getByRole('rowheader', { name: /Patatas bravas/ }).waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    // uPlot came with this screen, not with the admin area's first one.
    expect([...scripts].filter((script) => !before.has(script)).length).toBeGreaterThan(0);
  });

  it('switch to yesterday with the keyboard, where nothing was sold, and back to today', async () => {
    const yesterday = page.getByRole('button', { name: 'Ayer' });
    await yesterday.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => yesterday.getAttribute('aria-pressed')).toBe('true');
    const sales = page.getByRole('listitem').filter({ hasText: 'Ventas' });
    await sales.getByText(/^Periodo anterior: 0,00\s€$/).waitFor();
    await page
      .getByRole('region', { name: 'Ventas por día' })
      .getByText('Sin datos en este periodo.')
      .waitFor();
    await page.getByRole('button', { name: 'Hoy' }).click();
    await sales.getByText(/^6,50\s€$/).waitFor();
  });

  it('download a report as CSV, as a spreadsheet reads it', async () => {
    const methods = page.getByRole('region', { name: 'Formas de pago' });
    const [file] = await Promise.all([
      page.waitForEvent('download'),
      methods.getByRole('button', { name: 'Descargar CSV Formas de pago' }).click(),
    ]);
    expect(file.suggestedFilename()).toMatch(/^informe-methods-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = fs.readFileSync(await file.path(), 'utf8');
    expect(text.split('\r\n').slice(0, 2)).toEqual(['Forma de pago;Importe;Pagos', 'Tarjeta;6,50;1']);
    expect(problems).toEqual([]);
  });

  it('write each day in the reader’s language and keep every label clear of the next at 1280×800', async () => {
    await payTenDishes();
    const { logicalDate: today } = (await ok(
      callWithToken(server.url, '/world/api/config/logical-date', admin, {}),
      'logical date',
    )) as { logicalDate: string };
    await page.getByRole('button', { name: 'Este mes' }).click();
    const sales = page.getByRole('listitem').filter({ hasText: 'Ventas' });
    await sales.getByText(/^186,00\s€$/).waitFor();
    // "Este mes" against the same number of days before it, in the words of a Spanish calendar.
    const from = `${today.slice(0, 8)}01`;
    const before = { from: addDays(from, -Number(today.slice(8))), to: addDays(from, -1) };
    const [beforeFrom, beforeTo, todayMedium, firstShort] = await spanish([
      [before.from, 'medium'],
      [before.to, 'medium'],
      [today, 'medium'],
      [from, 'short'],
    ]);
    await page.getByText(`Comparado con el periodo del ${beforeFrom} al ${beforeTo}`).waitFor();
    const byDay = page.getByRole('region', { name: 'Ventas por día' });
    await byDay.getByText('Ver como tabla').click();
    await byDay.getByRole('rowheader', { name: todayMedium, exact: true }).waitFor();
    expect(await page.locator('main').innerText()).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    // The first day's bar is named as a Spanish calendar names it ("1 nov").
    expect((await byDay.locator('.report-chart__name').first().textContent())?.trim()).toBe(firstShort);

    const products = page.getByRole('region', { name: 'Productos más vendidos' });
    await expect.poll(() => products.locator('.report-chart__name').count()).toBe(10);
    for (const chart of await page.locator('.report-chart').all())
      expect(await overlapsIn(chart.locator('.report-chart__name'))).toEqual([]);
    for (const tile of await page.locator('.report-tile').all())
      expect(await overlapsIn(tile.locator(':scope > *'))).toEqual([]);
    expect(await overlapsIn(page.locator('.report-section__head > *'))).toEqual([]);
    expect(problems).toEqual([]);
  });

  it('write the days in Basque on a browser without Basque date names', async () => {
    const basque = await browser.newContext({
      locale: 'eu-ES',
      viewport: { width: 1280, height: 800 },
      bypassCSP: true,
    });
    try {
      const tab = await basque.newPage();
      await tab.goto(`${server.url}/login`);
      await tab.evaluate((value) => localStorage.setItem('token', value), admin);
      await tab.goto(`${server.url}/ebitdata/informes`);
      // "2026(e)ko urr. 5(a)", as CLDR writes a Basque date; never "2026 M10 5" nor an ISO date.
      const day = /\d{4}\(e\)ko [a-z]+\.? \d{1,2}\(a\)/.source;
      await tab
        .locator('.report-compared')
        .filter({ hasText: new RegExp(`${day}.*${day}`) })
        .waitFor();
      expect(await tab.locator('main').innerText()).not.toMatch(/\d{4}-\d{2}-\d{2}|M\d{1,2}/);
    } finally {
      await basque.close();
    }
  });

  // The period's days follow the app's language, not the browser's: a browser's date input wrote
  // "11/01/2026" on an English browser whatever the screen's language.
  it.each([
    { browserLocale: 'en-US', language: 'eu', day: /^\d{4}\(e\)ko [a-z]+\.? \d{1,2}\(a\)$/ },
    // The app writes English dates as in Britain: "1 Nov 2026", where the German browser's input wrote "01.11.2026".
    { browserLocale: 'de-DE', language: 'en', day: /^\d{1,2} [A-Z][a-z]{2} \d{4}$/ },
  ])(
    'write the period’s days in the app’s language ($language) on a $browserLocale browser',
    async ({ browserLocale, language, day }) => {
      const foreign = await browser.newContext({
        locale: browserLocale,
        viewport: { width: 1280, height: 800 },
        bypassCSP: true,
      });
      try {
        const tab = await foreign.newPage();
        await tab.goto(`${server.url}/login`);
        await tab.evaluate(
          ([token, chosen]) => {
            localStorage.setItem('token', token!);
            localStorage.setItem('selectedLocale', chosen!);
          },
          [admin, language],
        );
        await tab.goto(`${server.url}/ebitdata/informes`);
        const from = tab.getByRole('button', {
          name: new RegExp(`^${translation(language, 'reports', 'from')} `),
        });
        await from.waitFor();
        const first = (await from.getAttribute('data-date'))!;
        const shown = ((await from.textContent()) ?? '').trim();
        expect(shown).toMatch(day);
        expect(shown).toBe(await writtenIn(tab, language, first));

        // The app's calendar opens under the field, in the same language; a day chosen is written so too.
        await from.click();
        expect(await from.getAttribute('aria-expanded')).toBe('true');
        await tab
          .locator('.date-field__calendar')
          .getByRole('button', { name: translation(language, 'reservations', 'date.previousMonth') })
          .click();
        const dayBefore = addDays(first, -1);
        await tab.locator(`.date-field button[data-date="${dayBefore}"]`).click();
        expect(await from.getAttribute('aria-expanded')).toBe('false');
        expect(await from.getAttribute('data-date')).toBe(dayBefore);
        expect(((await from.textContent()) ?? '').trim()).toBe(await writtenIn(tab, language, dayBefore));
        expect(await tab.locator('main').innerText()).not.toMatch(
          /\d{4}-\d{2}-\d{2}|\d{1,2}\/\d{1,2}\/\d{4}/,
        );
        expect(await seriousAccessibilityViolations(tab, { rules: ['heading-order'] })).toEqual([]);
      } finally {
        await foreign.close();
      }
    },
  );
});

/**
 * A calendar day as the app writes it in `language` (the medium style): Basque by hand, as the app does on
 * a browser without its date names ("2026(e)ko aza. 1(a)"), the others by the page's `Intl`.
 */
function writtenIn(tab: Page, language: string, day: string): Promise<string> {
  if (language === 'eu') {
    const months = [
      'urt.',
      'ots.',
      'mar.',
      'api.',
      'mai.',
      'eka.',
      'uzt.',
      'abu.',
      'ira.',
      'urr.',
      'aza.',
      'abe.',
    ];
    const [year, month, date] = day.split('-').map(Number) as [number, number, number];
    return Promise.resolve(`${year}(e)ko ${months[month - 1]} ${date}(a)`);
  }
  return tab.evaluate(
    ([locale, asked]) =>
      new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(
        new Date(`${asked}T12:00:00Z`),
      ),
    [language === 'en' ? 'en-GB' : language, day] as const,
  );
}

/** A second table today: nine more dishes, paid in cash (179,50 €); the day has sold ten. */
async function payTenDishes(): Promise<void> {
  const table = await seatedTableQr(server.url, sala, 'Mesa Larga');
  const dishes = ['ENT-01', 'ENT-03', 'ENT-04', 'ENT-05', 'ENT-06', 'ENT-07', 'ARR-01', 'PES-01', 'CAR-04'];
  await ok(
    callWithToken(server.url, '/world/api/cartsession/createcartsessionorder', sala, {
      orderInfo: { reservationId: table.reservationId, source: 1 },
      products: dishes.map((sku) => ({ sku, options: [], orderQuantity: 1 })),
    }),
    'order',
  );
  await ok(
    callWithToken(server.url, '/world/api/reservation/paid-reservation', tpv, {
      reservationId: table.reservationId,
      paymentMethod: 'cash',
      tenderedCents: 20_000,
    }),
    'pay',
  );
}

function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * Calendar days as the browser's Spanish calendar writes them: "27 nov 2026" (medium) or "27 nov" (short),
 * asked of the page's own `Intl`, which is what the screen must agree with.
 */
function spanish(days: readonly (readonly [string, 'medium' | 'short'])[]): Promise<string[]> {
  return page.evaluate(
    (asked) =>
      asked.map(([day, shape]) =>
        new Intl.DateTimeFormat(
          'es-ES',
          shape === 'medium'
            ? { dateStyle: 'medium', timeZone: 'UTC' }
            : { day: 'numeric', month: 'short', timeZone: 'UTC' },
        ).format(new Date(`${day}T12:00:00Z`)),
      ),
    days,
  );
}

/** The pairs of visible elements among `items` whose boxes cross, by their text. */
async function overlapsIn(items: Locator): Promise<string[]> {
  const boxes = (
    await Promise.all(
      (await items.all()).map(async (item) => ({
        text: ((await item.textContent()) ?? '').trim(),
        box: await item.boundingBox(),
      })),
    )
  ).filter((item) => item.box !== null && item.box.width > 0 && item.text !== '');
  const crossing: string[] = [];
  for (const [index, a] of boxes.entries())
    for (const b of boxes.slice(index + 1)) {
      const [p, q] = [a.box!, b.box!];
      if (p.x < q.x + q.width && q.x < p.x + p.width && p.y < q.y + q.height && q.y < p.y + p.height)
        crossing.push(`${a.text} × ${b.text}`);
    }
  return crossing;
}
