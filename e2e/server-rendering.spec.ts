import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite } from '../apps/server/src/db/pglite.ts';
import { takeawaySettings, venues } from '../apps/server/src/db/schema/index.ts';
import { seedDemoVenue } from '../apps/server/src/modules/demo/demo-seed.ts';
import { DEMO_PASSWORD, signInThroughApi } from './support/api.ts';
import { launchBrowser } from './support/browser.ts';
import { seatedTableQr } from './support/menu.ts';
import { trackNetwork } from './support/network-quiet.ts';
import { PHONE } from './support/phone.ts';
import { startServer, type RunningServer } from './support/server.ts';

// Decision 030: the guest routes arrive drawn by the server, in the guest's language, and the browser takes the
// drawn page over (hydrates it) without redrawing it and without a mismatch.

let server: RunningServer;
let browser: Browser;

/** The demo venue takes delivery orders too, so its takeaway form opens with the choice of the two. */
async function offerDelivery(dataDir: string): Promise<void> {
  const handle = await openPglite(dataDir);
  try {
    await seedDemoVenue(handle.db);
    const [venue] = await handle.db.select({ id: venues.id }).from(venues);
    await handle.db
      .insert(takeawaySettings)
      .values({ venueId: venue!.id, deliveryEnabled: true })
      .onConflictDoUpdate({ target: takeawaySettings.venueId, set: { deliveryEnabled: true } });
  } finally {
    await handle.close();
  }
}

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ prepare: offerDelivery }), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function withContext(
  options: Parameters<Browser['newContext']>[0],
  test: (page: Page, context: BrowserContext) => Promise<void>,
): Promise<void> {
  const context = await browser.newContext({ ...PHONE, ...options });
  try {
    await test(await context.newPage(), context);
  } finally {
    await context.close();
  }
}

describe('guest pages without JavaScript (what search engines, link previews and a slow phone first see)', () => {
  it('shows the menu, the booking form, the widget, the home page and the takeaway form as the server drew them', async () => {
    await withContext({ javaScriptEnabled: false, locale: 'es-ES' }, async (page) => {
      await page.goto(`${server.url}/menu`);
      await expect(page.locator('.guest__venue').textContent()).resolves.toBe('Casa Sobremesa');
      await page.getByRole('heading', { name: 'Entrantes y raciones' }).first().waitFor();
      const croquettes = page.locator('article, li').filter({ hasText: 'Croquetas de jamón ibérico' }).last();
      await expect(croquettes.textContent()).resolves.toMatch(/2,00\s€ \/ unidad/);
      await expect(croquettes.textContent()).resolves.toContain('Gluten');

      await page.goto(`${server.url}/carta`);
      await page.getByText('Patatas bravas', { exact: true }).waitFor();
      await page.getByText('6,50 €', { exact: false }).first().waitFor();

      for (const path of ['/reservar', '/iframe-reservar']) {
        await page.goto(`${server.url}${path}`);
        await page.getByRole('heading', { level: 1, name: 'Reserva tu mesa' }).waitFor();
        await page.getByRole('combobox', { name: 'Personas' }).waitFor();
        await page.getByRole('heading', { name: 'Día y hora' }).waitFor();
      }

      await page.goto(`${server.url}/widget`);
      await page.getByRole('heading', { level: 1, name: 'Reserva en Casa Sobremesa' }).waitFor();
      await page.getByRole('combobox', { name: 'Personas' }).waitFor();

      await page.goto(`${server.url}/home`);
      await page.getByRole('heading', { level: 1, name: 'Casa Sobremesa' }).waitFor();
      await page.getByRole('heading', { name: 'Horario' }).waitFor();
      await page.getByRole('heading', { name: 'Nuestros espacios' }).waitFor();

      await page.goto(`${server.url}/takeaway-delivery`);
      await page.getByRole('heading', { level: 1, name: 'Pide para llevar o a domicilio' }).waitFor();
      const modes = page.getByRole('group', { name: '¿Cómo lo quieres?' });
      await expect(modes.getByRole('radio', { name: 'Recoger en el local' }).isChecked()).resolves.toBe(true);
      await expect(modes.getByRole('radio', { name: 'A domicilio' }).isChecked()).resolves.toBe(false);
      await page.getByRole('heading', { name: 'La carta' }).waitFor();
      await page.getByRole('button', { name: 'Añadir Pimientos de Padrón', exact: true }).waitFor();
    });
  });

  it('draws the menu in Basque for a Basque browser, and for a kept Basque choice on a Spanish one', async () => {
    await withContext({ javaScriptEnabled: false, locale: 'eu' }, async (page) => {
      await page.goto(`${server.url}/menu`);
      await expect(page.locator('html').getAttribute('lang')).resolves.toBe('eu');
      const croquettes = page
        .locator('article, li')
        .filter({ hasText: 'Urdaiazpiko iberikoaren kroketak' })
        .last();
      await expect(croquettes.textContent()).resolves.toMatch(/2,00\s€ \/ unitatea/);
      await expect(croquettes.textContent()).resolves.toContain('Glutena');
    });
    await withContext({ javaScriptEnabled: false, locale: 'es-ES' }, async (page, context) => {
      const { hostname } = new URL(server.url);
      await context.addCookies([{ name: 'selectedLocale', value: 'eu', domain: hostname, path: '/' }]);
      await page.goto(`${server.url}/carta`);
      await page.getByText('Patata bravak', { exact: true }).waitFor();
    });
  });
});

describe('the browser takes the drawn page over', () => {
  const ROUTES = [
    '/menu',
    '/carta',
    '/reservar',
    '/iframe-reservar',
    '/widget',
    '/home',
    '/takeaway-delivery',
  ];

  it.each(ROUTES)('%s hydrates the server-drawn page with no hydration error', async (path) => {
    await withContext({ locale: 'es-ES' }, async (page) => {
      const problems: string[] = [];
      page.on('console', (message) => {
        const text = message.text();
        if (message.type() === 'error' || (message.type() === 'warning' && /hydrat/i.test(text)))
          problems.push(`${message.type()}: ${text}`);
      });
      page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
      // Marks the venue's name as the HTML parser made it, before any script: a page drawn again by the browser
      // would show a new element without the mark.
      await page.addInitScript(() => {
        new MutationObserver((_changes, observer) => {
          const drawn = document.querySelector('#root .guest__venue, #root h1');
          if (!drawn) return;
          drawn.setAttribute('data-test-parsed', '');
          (drawn as unknown as { parsedByHtml: boolean }).parsedByHtml = true;
          observer.disconnect();
        }).observe(document, { childList: true, subtree: true });
      });
      const network = trackNetwork(page);
      await page.goto(`${server.url}${path}`);
      await expect(page.locator('html').getAttribute('data-server-rendered')).resolves.toBe('');
      // React marks the elements it owns: then hydration is done.
      await page.waitForFunction(() => {
        const drawn = document.querySelector('[data-test-parsed]');
        return drawn !== null && Object.keys(drawn).some((key) => key.startsWith('__reactFiber'));
      });
      await network.quiet();
      const kept = await page.evaluate(
        () =>
          (document.querySelector('[data-test-parsed]') as unknown as { parsedByHtml?: boolean } | null)
            ?.parsedByHtml === true,
      );
      expect(kept, 'the element the server sent is the one React now owns').toBe(true);
      expect(problems).toEqual([]);
      // React's production build reports no attribute mismatch: an id the browser numbered otherwise (useId)
      // stays as drawn, and a label no longer names its field. Compared here with the props React now holds.
      expect(await page.evaluate(attributesReactDisagreesWith)).toEqual([]);
    });
  });
});

/** In the page: the ids and references the drawn HTML holds that differ from the hydrated elements' props. */
function attributesReactDisagreesWith(): string[] {
  const differences: string[] = [];
  const compared = [
    ['id', 'id'],
    ['htmlFor', 'for'],
    ['aria-labelledby', 'aria-labelledby'],
    ['aria-describedby', 'aria-describedby'],
    ['aria-controls', 'aria-controls'],
  ] as const;
  for (const element of Array.from(document.querySelectorAll('#root *'))) {
    const propsKey = Object.keys(element).find((key) => key.startsWith('__reactProps$'));
    if (!propsKey) continue;
    const props = (element as unknown as Record<string, Record<string, unknown>>)[propsKey]!;
    for (const [prop, attribute] of compared) {
      const value = props[prop];
      if (typeof value === 'string' && element.getAttribute(attribute) !== value)
        differences.push(
          `<${element.tagName.toLowerCase()} ${attribute}="${element.getAttribute(attribute)}"> React: "${value}"`,
        );
    }
  }
  return differences;
}

describe("a seated guest's menu (decision 072)", () => {
  /** A guest who joined a freshly seated table: their own link, as the account QR's join gives it. */
  async function seatedGuest(name: string): Promise<string> {
    const staff = await signInThroughApi(server.url, 'sala@demo.test', DEMO_PASSWORD);
    const table = await seatedTableQr(server.url, staff, `Mesa de ${name}`);
    const hostCode = new URL(table.qrUrl).searchParams.get('uid')!;
    const joined = await fetch(`${server.url}/world/api/user/createguestusermenu`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ reservationWid: table.wid, hostCode, name, locale: 'es' }),
    });
    expect(joined.status).toBe(200);
    return ((await joined.json()) as { uid: string }).uid;
  }

  it('arrives drawn for that guest alone, and is never kept', async () => {
    const [ane, jon] = await Promise.all([seatedGuest('Ane'), seatedGuest('Jon')]);
    await withContext({ locale: 'es-ES', javaScriptEnabled: false }, async (page) => {
      const response = await page.goto(`${server.url}/menu?uid=${ane}`);
      expect(response?.headers()['cache-control']).toBe('private, no-store');
      await expect(page.locator('html').getAttribute('data-server-rendered')).resolves.toBe('');
      await page.getByText('Hola, Ane').waitFor();
      expect(await page.locator('.menu-product').count()).toBeGreaterThan(0);
      await page.goto(`${server.url}/menu?uid=${jon}`);
      await page.getByText('Hola, Jon').waitFor();
      expect(await page.getByText('Hola, Ane').count()).toBe(0);
      await page.goto(`${server.url}/menu`);
      await page.locator('.menu-product').first().waitFor();
      expect(await page.getByText(/Hola, (Ane|Jon)/).count()).toBe(0);
    });
  });

  it('is taken over by the phone without a hydration error, which then keeps the guest', async () => {
    const uid = await seatedGuest('Miren');
    await withContext({ locale: 'es-ES' }, async (page) => {
      const problems: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error' || (message.type() === 'warning' && /hydrat/i.test(message.text())))
          problems.push(`${message.type()}: ${message.text()}`);
      });
      page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
      await page.addInitScript(() => {
        new MutationObserver((_changes, observer) => {
          const drawn = document.querySelector('#root .guest-menu__who');
          if (!drawn) return;
          drawn.setAttribute('data-test-parsed', '');
          observer.disconnect();
        }).observe(document, { childList: true, subtree: true });
      });
      const network = trackNetwork(page);
      const asked: string[] = [];
      page.on('request', (request) => asked.push(new URL(request.url()).pathname));
      await page.goto(`${server.url}/menu?uid=${uid}`);
      await page.waitForFunction(() => {
        const drawn = document.querySelector('[data-test-parsed]');
        return drawn !== null && Object.keys(drawn).some((key) => key.startsWith('__reactFiber'));
      });
      await network.quiet();
      // The table's name comes once the phone asks for the reservation, after taking the page over.
      await page.getByText('Hola, Miren · Mesa').waitFor();
      expect(problems).toEqual([]);
      // The guest, the menu and the configuration came in the page: the phone asks for none of them again.
      const askedAgain = /^\/world\/api\/(user\/find|menu\/get|systemconfig|venueconfig)$/;
      expect(asked.filter((path) => askedAgain.test(path))).toEqual([]);
      const kept = await page.evaluate(
        () => localStorage.getItem('token') ?? localStorage.getItem('pending-token'),
      );
      expect(kept).toBe(uid);
    });
  });
});
