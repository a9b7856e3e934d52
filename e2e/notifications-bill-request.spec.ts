import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, callWithToken, signInThroughApi } from './support/api.ts';
import { launchBrowser } from './support/browser.ts';
import { PHONE } from './support/phone.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { signInThroughForm } from './support/shell.ts';

/**
 * Issue 8: a guest asks for the bill from their phone; both Sala tablets show it and ring; one
 * acknowledges and it leaves the other; Cocina never hears of it; a request left unanswered escalates.
 */
let server: RunningServer;
let browser: Browser;
let salaToken: string;
const contexts: BrowserContext[] = [];

/** Escalation this short keeps the test quick; a venue sets minutes (decision 011). */
const ESCALATE_AFTER_SECONDS = 3;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ readyTimeoutMs: 180_000 }), launchBrowser()]);
  salaToken = await signInThroughApi(server.url, 'sala@demo.test', DEMO_PASSWORD);
  const adminToken = await signInThroughApi(server.url, 'admin@demo.test', DEMO_PASSWORD);
  const settings = await callWithToken(server.url, '/world/api/notifications/settings', adminToken, {
    escalateAfterSeconds: ESCALATE_AFTER_SECONDS,
  });
  expect(settings.status).toBe(200);
}, 200_000);

afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
  await server?.close();
});

declare global {
  interface Window {
    __played?: string[];
  }
}

/** Records every sound a page starts, through the media element's own `play`. */
function recordPlays(): void {
  window.__played = [];
  const play = HTMLMediaElement.prototype.play;
  HTMLMediaElement.prototype.play = function recorded(this: HTMLMediaElement) {
    window.__played?.push(this.currentSrc || this.src);
    return play.call(this);
  };
}

const plays = (page: Page) => page.evaluate(() => window.__played ?? []);
const alertsPlayed = async (page: Page) =>
  (await plays(page)).filter((src) => src.endsWith('/audio/notification.wav')).length;

/** A staff tablet signed in, live, with sound turned on through its explicit step. */
async function tablet(email: string): Promise<Page> {
  const context = await browser.newContext({ locale: 'es-ES', viewport: { width: 1280, height: 900 } });
  contexts.push(context);
  await context.addInitScript(recordPlays);
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error(`${email}: ${error.message}`));
  await signInThroughForm(page, server.url, email);
  await page.waitForURL(`${server.url}/copilot`);
  await page.getByRole('status').filter({ hasText: 'Conectado' }).waitFor({ timeout: 30_000 });
  await page.locator('.notification-centre').waitFor();
  const activate = page.getByRole('button', { name: 'Activar sonido' });
  if (await activate.isVisible()) await activate.click();
  await page.getByRole('button', { name: 'Sonido activado' }).waitFor();
  return page;
}

/** A seated table and the phone of a guest who joined it through the account QR. */
async function guestAtTable(name: string): Promise<{ phone: Page; uid: string; table: string }> {
  const created = await callWithToken(server.url, '/world/reservation/createwalkin', salaToken, {
    name,
    pax: 2,
  });
  expect(created.status).toBe(201);
  const { reservation } = (await created.json()) as { reservation: { wid: string; table: string } };
  const qr = await callWithToken(server.url, '/world/api/reservation/account-qr', salaToken, {
    reservationWid: reservation.wid,
  });
  const { uid: hostCode } = (await qr.json()) as { uid: string };
  const context = await browser.newContext(PHONE);
  contexts.push(context);
  const phone = await context.newPage();
  await phone.goto(`${server.url}/reservar`);
  const uid = await phone.evaluate(
    async ([wid, code]) => {
      const response = await fetch('/world/api/user/createguestusermenu', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ reservationWid: wid, hostCode: code, name: 'Lucía' }),
      });
      return ((await response.json()) as { uid: string }).uid;
    },
    [reservation.wid, hostCode] as const,
  );
  return { phone, uid, table: reservation.table };
}

/** The guest's phone sends a request with their capability; answers the new notification's id. */
async function fromPhone(phone: Page, path: string, body: Record<string, unknown>): Promise<number> {
  const reply = await phone.evaluate(
    async ([url, payload]) => {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(payload),
      });
      return { status: response.status, body: (await response.json()) as { notification?: { id: number } } };
    },
    [path, body] as const,
  );
  expect(reply.status).toBe(200);
  return reply.body.notification!.id;
}

/** The notification in a tablet's pending list (once acknowledged it moves to the history list). */
const card = (page: Page, id: number) =>
  page.locator(`.notification-centre [data-list="pending"] [data-notification-id="${id}"]`);

describe('staff notifications on three tablets', () => {
  let sala: Page;
  let salaOne: Page;
  let cocina: Page;

  it('rings both Sala tablets for the bill, leaves both once one acknowledges, and never reaches Cocina', async () => {
    sala = await tablet('sala@demo.test');
    salaOne = await tablet('sala1@demo.test');
    cocina = await tablet('cocina@demo.test');
    const guest = await guestAtTable('Mesa del Sol');
    const before = await Promise.all([sala, salaOne, cocina].map(alertsPlayed));
    const cocinaRefetched = cocina.waitForResponse((response) =>
      response.url().includes('/world/api/notifications/recent'),
    );

    const asked = Date.now();
    const id = await fromPhone(guest.phone, '/world/notification/new', {
      uid: guest.uid,
      paymentMethod: 'card',
    });
    await Promise.all([sala, salaOne].map((page) => card(page, id).waitFor()));
    console.log(`bill request on both Sala tablets after ${Date.now() - asked} ms`);
    expect(await card(sala, id).textContent()).toContain('Piden la cuenta');
    expect(await card(sala, id).textContent()).toContain('Tarjeta');
    // The account went to payment: the table's tile on the plan says so, without a reload.
    await sala.getByRole('button', { name: new RegExp(`^Mesa ${guest.table} Cuenta pedida`) }).waitFor();
    for (const [index, page] of [sala, salaOne].entries()) {
      await page.waitForFunction((count) => {
        const played = window.__played ?? [];
        return played.filter((src) => src.endsWith('/audio/notification.wav')).length > count;
      }, before[index]!);
    }

    // Cocina read its list again after the event, and the bill is not in it, nor did it ring.
    const cocinaReply = (await (await cocinaRefetched).json()) as { notifications: { id: number }[] };
    expect(cocinaReply.notifications.map((notification) => notification.id)).not.toContain(id);
    expect(await card(cocina, id).count()).toBe(0);

    await card(sala, id).getByRole('button', { name: 'Atendido' }).click();
    await card(salaOne, id).waitFor({ state: 'detached' });
    await card(sala, id).waitFor({ state: 'detached' });
    expect(await alertsPlayed(cocina)).toBe(before[2]);
  }, 120_000);

  it('escalates a call left unanswered: highlighted and rung again', async () => {
    const guest = await guestAtTable('Mesa de la Luna');
    const id = await fromPhone(guest.phone, '/world/api/notification/call-staff', { uid: guest.uid });
    await card(salaOne, id).waitFor();
    const rungBefore = await alertsPlayed(salaOne);
    await salaOne
      .locator(`[data-notification-id="${id}"][data-escalated="true"]`)
      .first()
      .waitFor({ timeout: 20_000 });
    expect(await card(salaOne, id).textContent()).toContain('¡Lleva esperando demasiado!');
    await salaOne.waitForFunction((count) => {
      const played = window.__played ?? [];
      return played.filter((src) => src.endsWith('/audio/notification.wav')).length > count;
    }, rungBefore);
    expect(await card(cocina, id).count()).toBe(0);
  }, 90_000);
});
