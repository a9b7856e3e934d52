/**
 * Guest menu figures (issue 6, "Done when"): the demo venue's menus grown to 200 products, opened by a
 * seated guest's phone in Chromium under a throttled mobile profile (CPU 4× slower, a slow-4G network:
 * 150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up), with a cold cache each run. Prints, from the start
 * of navigation: when every product of the open menu is on screen, and when the page answers a tap on the
 * first "Add" with the dish's sheet ("usable"). Target: usable under 2.5 s. Needs a built web app
 * (`npm run build -w @sobremesa/web`, or `E2E_WEB_DIST=<folder>`).
 *
 *   npm run bench:menu
 *   BENCH_RUNS=9 npm run bench:menu
 */
import { and, eq } from 'drizzle-orm';
import { openPglite } from '../apps/server/src/db/pglite.ts';
import { menuCategories, menus, productCategories, products } from '../apps/server/src/db/schema/index.ts';
import { seedDemoVenue } from '../apps/server/src/modules/demo/demo-seed.ts';
import { DEMO_PASSWORD, signInThroughApi } from '../e2e/support/api.ts';
import { launchBrowser } from '../e2e/support/browser.ts';
import { seatedTableQr } from '../e2e/support/menu.ts';
import { PHONE } from '../e2e/support/phone.ts';
import { makeDataDir, removeDataDir, spawnServer, waitUntilServing } from '../e2e/support/server.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
/** CPU slow-down of the phone profile; `BENCH_CPU_RATE=1` separates the machine's own speed from it. */
const CPU_RATE = Number(process.env.BENCH_CPU_RATE ?? 4);
const PRODUCTS = 200;
const TARGET_MS = 2500;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** The demo venue plus carta dishes until the venue has 200 products, through the seed's own database code. */
async function seedTwoHundredProducts(dataDir: string): Promise<void> {
  const handle = await openPglite(dataDir);
  try {
    await seedDemoVenue(handle.db);
    const existing = await handle.db.select({ id: products.id, venueId: products.venueId }).from(products);
    const venueId = existing[0]!.venueId;
    const [carta] = await handle.db
      .select()
      .from(menus)
      .where(and(eq(menus.venueId, venueId), eq(menus.menuTypeName, 'carta')));
    const categories = await handle.db
      .select()
      .from(menuCategories)
      .where(eq(menuCategories.menuId, carta!.id));
    for (let index = existing.length; index < PRODUCTS; index += 1) {
      const [row] = await handle.db
        .insert(products)
        .values({
          venueId,
          sku: `BENCH-${index}`,
          name: `Plato de temporada ${index}`,
          description: 'Con producto de mercado, según disponibilidad del día.',
          priceCents: 900 + (index % 20) * 50,
          vatRateBp: 1000,
          sortOrder: 1000 + index,
        })
        .returning({ id: products.id });
      const category = categories[index % categories.length]!;
      await handle.db
        .insert(productCategories)
        .values({ venueId, categoryId: category.id, productId: row!.id, sortOrder: 1000 + index });
    }
  } finally {
    await handle.close();
  }
}

const dataDir = makeDataDir();
await seedTwoHundredProducts(dataDir);
const server = spawnServer({ dataDir, readyTimeoutMs: 180_000 });
const browser = await launchBrowser();
try {
  const url = await server.ready;
  await waitUntilServing(url);
  const staff = await signInThroughApi(url, 'sala@demo.test', DEMO_PASSWORD);
  const table = await seatedTableQr(url, staff, 'Bench');
  const joined = await fetch(`${url}/world/api/user/createguestusermenu`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      reservationWid: table.wid,
      hostCode: new URL(table.qrUrl).searchParams.get('uid'),
      name: 'Bench',
    }),
  });
  const { uid } = (await joined.json()) as { uid: string };
  // The guest's view (no token): visible products only, as the phone will show them.
  const menu = (await (
    await fetch(`${url}/world/api/menu/get`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    })
  ).json()) as {
    menus: { menuTypeName: string; menuCategories: { products: unknown[] }[] }[];
  };
  const total = menu.menus.reduce(
    (sum, entry) =>
      sum + entry.menuCategories.reduce((count, category) => count + category.products.length, 0),
    0,
  );
  const cartaCount = menu.menus
    .find((entry) => entry.menuTypeName === 'carta')!
    .menuCategories.reduce((count, category) => count + category.products.length, 0);
  console.log(
    `menu of ${total} products over ${menu.menus.length} menus; the carta a guest opens first shows ${cartaCount}`,
  );

  const rendered: number[] = [];
  const usable: number[] = [];
  const arrived: number[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    // A fresh context each run: a guest's first visit, nothing cached.
    const context = await browser.newContext({ ...PHONE, locale: 'es-ES' });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_RATE });
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 150,
      downloadThroughput: (1.6 * 1024 * 1024) / 8,
      uploadThroughput: (750 * 1024) / 8,
    });
    await page.goto(`${url}/menu?uid=${encodeURIComponent(uid)}`, { waitUntil: 'commit' });
    const shown = await page.waitForFunction(
      (expected) => document.querySelectorAll('.menu-product').length >= expected && performance.now(),
      cartaCount,
      { polling: 'raf', timeout: 60_000 },
    );
    rendered.push((await shown.jsonValue()) as number);
    // Usable: a tap on the first dish's button is answered with its sheet.
    await page.locator('.menu-product__open').first().click();
    const answered = await page.waitForFunction(
      () => document.querySelector('[role="dialog"]') && performance.now(),
      undefined,
      {
        polling: 'raf',
        timeout: 30_000,
      },
    );
    usable.push((await answered.jsonValue()) as number);
    arrived.push(
      await page.evaluate(
        () =>
          (
            performance
              .getEntriesByType('resource')
              .find((entry) => entry.name.includes('/world/api/menu/get')) as
              PerformanceResourceTiming | undefined
          )?.responseEnd ?? NaN,
      ),
    );
    await context.close();
  }

  const line = (label: string, values: number[]) =>
    console.log(
      `${label}: median ${median(values).toFixed(0)} ms over ${RUNS} runs (min ${Math.min(...values).toFixed(0)}, max ${Math.max(...values).toFixed(0)})`,
    );
  console.log(
    `guest menu, throttled phone (CPU ${CPU_RATE}×, 150 ms RTT, 1.6 Mbit/s), cold cache, from navigation start:`,
  );
  line('  menu/get reply received', arrived);
  line(`  all ${cartaCount} carta products on screen`, rendered);
  line('  usable (first "Add" tapped → dish sheet open)', usable);
  console.log(`  target: usable under ${TARGET_MS} ms — ${median(usable) < TARGET_MS ? 'met' : 'NOT met'}`);
} finally {
  await browser.close();
  await server.stop();
  removeDataDir(dataDir);
}
