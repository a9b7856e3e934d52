import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, callWithToken, signInThroughApi } from './support/api.ts';
import { launchBrowser } from './support/browser.ts';
import {
  startLoopbackPrinter,
  startPrintHelper,
  type LoopbackPrinter,
  type RunningPrintHelper,
} from './support/print-helper-process.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { signInThroughForm } from './support/shell.ts';

/**
 * Issue 18 items 1 and 2 on paper: Sala's copilot runs on the PC with the print helper (its own process)
 * and two loopback TCP printers, the kitchen's (the default) and the bar's. Sala orders two gin tonics with
 * Hendrick's and a dish with gluten for a table that declared gluten: the bar's printer gets the merged
 * gin tonics with the brand under them and the allergy block; the kitchen's gets the dish flagged.
 */
let server: RunningServer;
let browser: Browser;
let helper: RunningPrintHelper;
let kitchenPrinter: LoopbackPrinter;
let barPrinter: LoopbackPrinter;
let context: BrowserContext | undefined;

beforeAll(async () => {
  [kitchenPrinter, barPrinter] = await Promise.all([startLoopbackPrinter(), startLoopbackPrinter()]);
  [server, browser, helper] = await Promise.all([
    startServer({ readyTimeoutMs: 180_000 }),
    launchBrowser(),
    startPrintHelper(
      `cocina=tcp://127.0.0.1:${kitchenPrinter.port};barra=tcp://127.0.0.1:${barPrinter.port}`,
    ),
  ]);
}, 200_000);

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.close();
  await helper?.stop();
  await Promise.all([kitchenPrinter?.close(), barPrinter?.close()]);
});

interface MenuProduct {
  sku: string;
  name: string;
  type: string;
  isMenu: string;
  isUnitary: string;
  productOptions: { id: number; minChoices: number; options: { id: number; name: string }[] }[];
  allergens: { code: string }[];
}

/** The Spanish letters of these tickets in code page 858, as the helper sends them to the printer. */
const CP858: Record<string, number> = {
  á: 0xa0,
  é: 0x82,
  í: 0xa1,
  ó: 0xa2,
  ú: 0xa3,
  ñ: 0xa4,
  É: 0x90,
  Ó: 0xe0,
};

/** Whether a printer received `text`, encoded for the printer. */
function printed(tickets: readonly Buffer[], text: string): boolean {
  const bytes = Buffer.from([...text].map((char) => CP858[char] ?? char.charCodeAt(0)));
  return tickets.some((ticket) => ticket.includes(bytes));
}

async function json<T>(response: Response): Promise<T> {
  expect(response.status, await response.clone().text()).toBeLessThan(300);
  return (await response.json()) as T;
}

describe('printed kitchen and bar tickets', () => {
  it("print the table's allergies, the chosen gin and the flagged dish on each station's printer", async () => {
    const [admin, sala] = await Promise.all([
      signInThroughApi(server.url, 'admin@demo.test', DEMO_PASSWORD),
      signInThroughApi(server.url, 'sala@demo.test', DEMO_PASSWORD),
    ]);
    const board = await json<{ elaborationStations: { id: number; name: string }[] }>(
      await callWithToken(server.url, '/world/api/productorder/get-by-role', admin, {}),
    );
    const barra = board.elaborationStations.find((station) => station.name === 'Barra')!;
    await json(
      await callWithToken(server.url, '/world/api/venueconfig/update', admin, {
        printEnabled: true,
        stationPrinters: { [String(barra.id)]: 'barra' },
      }),
    );

    context = await browser.newContext({ locale: 'es-ES', viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await signInThroughForm(page, server.url, 'sala@demo.test');
    await page.waitForURL(`${server.url}/copilot`);
    await page.goto(`${server.url}/copilot?printHelperPort=${helper.port}`);
    await page.getByRole('status').filter({ hasText: 'Impresión conectada' }).waitFor({ timeout: 15_000 });

    const { reservation } = await json<{ reservation: { id: number; wid: string } }>(
      await callWithToken(server.url, '/world/reservation/createwalkin', sala, {
        name: 'Mesa Impresa',
        pax: 3,
      }),
    );
    const { allergens } = await json<{ allergens: { id: number; code: string }[] }>(
      await fetch(`${server.url}/world/api/allergens/list`),
    );
    await json(
      await callWithToken(server.url, '/world/reservation/update-allergies', sala, {
        reservationWid: reservation.wid,
        allergensId: [allergens.find((allergen) => allergen.code === 'gluten')!.id],
        dietaryNotes: 'Celíaca',
      }),
    );
    const menu = await json<{ menus: { menuCategories: { products: MenuProduct[] }[] }[] }>(
      await callWithToken(server.url, '/world/api/menu/get', sala, {}),
    );
    const all = menu.menus.flatMap((entry) => entry.menuCategories.flatMap((category) => category.products));
    const ginTonic = all.find((product) => product.sku === 'VER-02')!;
    const gin = ginTonic.productOptions[0]!;
    const hendricks = gin.options.find((option) => option.name === "Hendrick's")!;
    const dish = all.find(
      (product) =>
        product.type === 'comida' &&
        product.isMenu === 'NO' &&
        product.isUnitary === 'NO' &&
        product.productOptions.every((type) => type.minChoices === 0) &&
        product.allergens.some((allergen) => allergen.code === 'gluten'),
    )!;
    const ordered = await callWithToken(server.url, '/world/api/cartsession/createcartsessionorder', sala, {
      orderInfo: { reservationId: reservation.id, source: 1 },
      products: [
        {
          sku: 'VER-02',
          options: [{ optionTypeId: gin.id, productChoiceId: hendricks.id }],
          orderQuantity: 2,
        },
        { sku: dish.sku, options: [], orderQuantity: 1 },
      ],
    });
    expect(ordered.status).toBe(201);

    await expect.poll(() => barPrinter.tickets.length, { timeout: 15_000 }).toBe(1);
    await expect.poll(() => kitchenPrinter.tickets.length, { timeout: 15_000 }).toBeGreaterThan(0);
    const bar = barPrinter.tickets;
    for (const text of [
      'BARRA',
      '3 comensales',
      '!! ALERGIAS: Gluten !!',
      'Nota: Celíaca',
      '2x Gin tonic',
      "   - Hendrick's",
    ])
      expect(printed(bar, text), text).toBe(true);
    expect(printed(bar, dish.name)).toBe(false);
    // ESC/POS as the helper sends it: initialised, then cut.
    expect([...bar[0]!.subarray(0, 2)]).toEqual([0x1b, 0x40]);
    expect([...bar[0]!.subarray(-4)]).toEqual([0x1d, 0x56, 0x42, 0x00]);

    const kitchen = kitchenPrinter.tickets;
    for (const text of [`1x ${dish.name}`, '!! ALERGIAS: Gluten !!', '   !! ALÉRGENO DE LA MESA: Gluten'])
      expect(printed(kitchen, text), text).toBe(true);
    expect(printed(kitchen, 'Gin tonic')).toBe(false);
  }, 120_000);
});
