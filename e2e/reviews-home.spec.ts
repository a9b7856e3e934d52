import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callWithToken, DEMO_PASSWORD, signInThroughApi } from './support/api.ts';
import { seriousAccessibilityViolations } from './support/axe.ts';
import { launchBrowser } from './support/browser.ts';
import { floorTablet } from './support/floor.ts';
import { PHONE } from './support/phone.ts';
import { ok, paidGuestTable } from './support/reviews.ts';
import { bookThroughApi, freeTimes, openDates } from './support/reservations.ts';
import { startServer, type RunningServer } from './support/server.ts';

const GOOGLE = 'https://g.page/r/sobremesa-demo/review';

let server: RunningServer;
let browser: Browser;
let sala = '';
let tpv = '';

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  [sala, tpv] = await Promise.all([
    signInThroughApi(server.url, 'sala@demo.test', DEMO_PASSWORD),
    signInThroughApi(server.url, 'tpv@demo.test', DEMO_PASSWORD),
  ]);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** A walk-in that joined from a phone, ate patatas bravas and paid by card: its guest `uid`. */
function paidTable(name: string): Promise<{ uid: string; reservationId: number }> {
  return paidGuestTable(server.url, { sala, tpv }, name);
}

async function withPhone(test: (page: Page, context: BrowserContext) => Promise<void>): Promise<void> {
  // bypassCSP: axe-core is injected as an inline script, which the server's policy rightly refuses.
  const context = await browser.newContext({ ...PHONE, locale: 'es-ES', bypassCSP: true });
  const page = await context.newPage();
  try {
    await test(page, context);
  } finally {
    await context.close();
  }
}

describe('reviews after paying, and the venue home', () => {
  it('five stars from the phone offer the Google review page', async () => {
    const { uid } = await paidTable('Mesa Cinco');
    await withPhone(async (page) => {
      await page.goto(`${server.url}/opinion?uid=${encodeURIComponent(uid)}`);
      await page.getByRole('heading', { name: '¿Cómo valorarías tu visita?' }).waitFor();
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      await page.getByRole('button', { name: '5 estrellas' }).click();
      const google = page.getByRole('link', { name: 'Escribir una reseña en Google' });
      await google.waitFor();
      expect(await google.getAttribute('href')).toBe(GOOGLE);
      expect(await page.getByRole('button', { name: '5 estrellas' }).getAttribute('aria-pressed')).toBe(
        'true',
      );
      expect(await page.getByRole('textbox').count()).toBe(0);
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
    });
  });

  it('two stars from the ticket QR stay private and Sala reads them in the copilot', async () => {
    const { reservationId } = await paidTable('Mesa Dos');
    const { url } = (await ok(
      callWithToken(server.url, '/world/api/review/ticket-link', sala, { reservationId }),
      'ticket-link',
    )) as { url: string };
    const tablet = await floorTablet(browser, server.url, 'sala@demo.test', { bypassCSP: true });
    try {
      await tablet.page.getByRole('button', { name: 'Opiniones', exact: true }).waitFor();
      await withPhone(async (page) => {
        await page.goto(`${server.url}${new URL(url).pathname}${new URL(url).search}`);
        await page.getByRole('button', { name: '2 estrellas' }).click();
        await page.getByRole('textbox', { name: '¿Qué podemos mejorar?' }).fill('Tardaron con el postre.');
        expect(await page.getByRole('link', { name: 'Escribir una reseña en Google' }).count()).toBe(0);
        await page.getByRole('button', { name: 'Enviar al local' }).click();
        await page.getByText('Gracias. El equipo del local ya lo ha recibido.').waitFor();
        expect(await seriousAccessibilityViolations(page)).toEqual([]);
      });
      await tablet.page.getByRole('button', { name: /^Opiniones \(\d+ nuevas\)$/ }).click();
      const dialog = tablet.page.getByRole('dialog', { name: 'Opiniones de los clientes' });
      await dialog.getByText('Tardaron con el postre.').waitFor();
      expect(await dialog.getByText('2 de 5 · Mesa Dos').count()).toBe(1);
      expect(await seriousAccessibilityViolations(tablet.page, '[role="dialog"]')).toEqual([]);
    } finally {
      await tablet.context.close();
    }
  });

  it('/home shows the rooms, the opening hours, the address with its map and the buttons', async () => {
    await withPhone(async (page) => {
      await page.goto(`${server.url}/home`);
      const rooms = page.getByRole('region', { name: 'Nuestros espacios' });
      await rooms.waitFor();
      expect(await rooms.getByRole('listitem').allInnerTexts()).toEqual(
        expect.arrayContaining([expect.stringMatching(/^Sala/), expect.stringMatching(/^Terraza/)]),
      );
      const hours = page.getByRole('region', { name: 'Horario' });
      expect(await hours.innerText()).toMatch(/Comida[\s\S]*13:00–16:00[\s\S]*Cena[\s\S]*20:00–23:30/);
      expect(await hours.innerText()).toContain('Cerrado: lunes');
      expect(await page.getByRole('region', { name: 'Dónde estamos' }).innerText()).toContain(
        'Calle del Almendro, 12, 28005 Madrid',
      );
      expect(await page.getByRole('link', { name: 'Reservar', exact: true }).count()).toBeGreaterThan(0);
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
    });
  });

  it('my reservations from the email link: listed, and without email the pass is offered on its page', async () => {
    const [date] = await openDates(server.url, 1);
    const [timeSlot] = await freeTimes(server.url, date!, 2);
    const { body } = await bookThroughApi(server.url, {
      date: date!,
      timeSlot: timeSlot!,
      pax: 2,
      name: 'Irene',
      email: 'irene@example.com',
    });
    await withPhone(async (page) => {
      await page.goto(`${server.url}/mis-reservas#uid=${encodeURIComponent(body.uid)}`);
      const upcoming = page.getByRole('region', { name: /^Tus próximas reservas en / });
      await upcoming.getByText(`${timeSlot}`).first().waitFor();
      expect(await upcoming.getByRole('listitem').count()).toBe(1);
      expect(await upcoming.getByRole('listitem').innerText()).toContain('2 personas');
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      await page.getByRole('button', { name: 'Enviarme el pase por correo' }).click();
      await page.getByText(/^Este local no envía correos ahora mismo\. Tu pase/).waitFor();
      await page.getByRole('link', { name: 'Abrir mi pase' }).click();
      await page.waitForURL(/\/reservar#uid=/);

      await page.goto(`${server.url}/mis-reservas`);
      await page.getByRole('textbox', { name: 'Correo electrónico' }).fill('irene@example.com');
      await page.getByRole('button', { name: 'Enviarme mis reservas' }).click();
      await page.getByText(/^Este local no envía correos ahora mismo\. Llama al local/).waitFor();
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
    });
  });
});
