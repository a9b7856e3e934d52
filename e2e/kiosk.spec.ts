import QRCode from 'qrcode';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, callWithToken, signInThroughApi } from './support/api.ts';
import { seriousAccessibilityViolations } from './support/axe.ts';
import { launchBrowser } from './support/browser.ts';
import { pauseClockNow } from './support/clock.ts';
import { bookThroughApi, bookingWindow, freeTimes, openDates } from './support/reservations.ts';
import { leaveKiosk, startKiosk } from './support/kiosk.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { signInThroughForm } from './support/shell.ts';

/**
 * Issue 26: the kiosk at the door. Its front camera is a canvas stream the test paints QR codes on (the
 * page's own getUserMedia answers with it), and the page's clock is Playwright's, so the 20 s a result
 * stays is fast-forwarded, not slept. Sala's tablet, next to it, rings when a guest checks in.
 */
let server: RunningServer;
let browser: Browser;
let kiosk: Page;
let sala: Page;
let salaToken: string;
const contexts: BrowserContext[] = [];
const PIN = '2468';

declare global {
  interface Window {
    __played?: string[];
    __showQr?: (dataUrl: string | null) => Promise<void>;
  }
}

/** The kiosk's camera: a canvas the test paints on, streamed as the page's camera. */
function fakeCamera(): void {
  const canvas = document.createElement('canvas');
  canvas.width = 640;
  canvas.height = 480;
  const context = canvas.getContext('2d')!;
  const blank = () => {
    context.fillStyle = '#fff';
    context.fillRect(0, 0, canvas.width, canvas.height);
  };
  blank();
  // Repaint often so the stream keeps producing frames.
  let current: HTMLImageElement | null = null;
  setInterval(() => {
    blank();
    if (current) context.drawImage(current, 120, 40, 400, 400);
  }, 100);
  window.__showQr = (dataUrl) =>
    new Promise((resolve) => {
      if (!dataUrl) {
        current = null;
        return resolve();
      }
      const image = new Image();
      image.onload = () => {
        current = image;
        resolve();
      };
      image.src = dataUrl;
    });
  Object.defineProperty(navigator, 'mediaDevices', {
    value: { getUserMedia: () => Promise.resolve(canvas.captureStream(10)) },
  });
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

const alertsPlayed = async (page: Page) =>
  (await page.evaluate(() => window.__played ?? [])).filter((src) => src.endsWith('/audio/notification.wav'))
    .length;

async function show(text: string | null): Promise<void> {
  const dataUrl = text === null ? null : await QRCode.toDataURL(text, { margin: 2, scale: 8 });
  await kiosk.evaluate((url) => window.__showQr?.(url), dataUrl);
}

async function newPage(email: string, init: (() => void)[]): Promise<Page> {
  const context = await browser.newContext({
    locale: 'es-ES',
    viewport: { width: 1280, height: 800 },
    bypassCSP: true,
  });
  contexts.push(context);
  for (const script of init) await context.addInitScript(script);
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error(`${email}: ${error.message}`));
  await signInThroughForm(page, server.url, email);
  await page.waitForURL(`${server.url}/copilot`);
  return page;
}

async function expectAccessible(page: Page): Promise<void> {
  expect(await seriousAccessibilityViolations(page)).toEqual([]);
}

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ readyTimeoutMs: 180_000 }), launchBrowser()]);
  salaToken = await signInThroughApi(server.url, 'sala@demo.test', DEMO_PASSWORD);

  sala = await newPage('sala@demo.test', [recordPlays]);
  await sala.getByRole('status').filter({ hasText: 'Conectado' }).waitFor({ timeout: 30_000 });
  await sala.locator('.notification-centre').waitFor();
  const activate = sala.getByRole('button', { name: 'Activar sonido' });
  if (await activate.isVisible()) await activate.click();
  await sala.getByRole('button', { name: 'Sonido activado' }).waitFor();

  kiosk = await newPage('sala1@demo.test', [fakeCamera]);
  await kiosk.clock.install();
  await kiosk.getByRole('button', { name: 'Quiosco', exact: true }).click();
  await kiosk.getByRole('link', { name: 'Abrir el quiosco en este dispositivo' }).click();
  await kiosk.waitForURL(`${server.url}/kiosk`);
  await kiosk.getByRole('heading', { name: 'Preparar el quiosco' }).waitFor();
  await expectAccessible(kiosk);
  await startKiosk(kiosk, PIN);
}, 240_000);

afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
  await server?.close();
});

/**
 * The QR of a booking for today: a guest's own when a time is still free today, else (late at night) the
 * QR staff hand to a party seated now, which carries the same kind of check-in code.
 */
async function todaysQr(name: string): Promise<string> {
  const window = await bookingWindow(server.url);
  const times = await freeTimes(server.url, window.firstDate, 2);
  if (times[0]) {
    const booked = await bookThroughApi(server.url, {
      date: window.firstDate,
      timeSlot: times[0],
      pax: 2,
      name,
      email: 'lucia.kiosk@example.com',
    });
    const body = booked.body as unknown as { qrPayload?: string };
    if (booked.status === 201 && body.qrPayload) return body.qrPayload;
  }
  const walkIn = await callWithToken(server.url, '/world/reservation/createwalkin', salaToken, {
    name,
    pax: 2,
  });
  const { reservation } = (await walkIn.json()) as { reservation: { wid: string } };
  const qr = await callWithToken(server.url, '/world/api/reservation/account-qr', salaToken, {
    reservationWid: reservation.wid,
  });
  return ((await qr.json()) as { url: string }).url;
}

describe('the kiosk at the door', () => {
  it('checks a guest in by their QR: the table on the whole screen, Sala rings, it closes after 20 s', async () => {
    await expectAccessible(kiosk);
    const rungBefore = await alertsPlayed(sala);
    await show(await todaysQr('Lucía'));
    const result = kiosk.getByRole('alertdialog', { name: '¡Bienvenido, Lucía!' });
    await result.waitFor({ timeout: 15_000 });
    // Time stands still from here: the 20 s are counted by the test, not by how long its checks take.
    await pauseClockNow(kiosk);
    await result.getByText(/^Tu mesa: /).waitFor();
    await show(null);
    await kiosk.clock.runFor(18_000);
    expect(await result.isVisible()).toBe(true);
    await kiosk.clock.runFor(2_500);
    await result.waitFor({ state: 'hidden' });
    await kiosk.getByRole('heading', { name: 'Bienvenido', exact: true }).waitFor();
    await kiosk.clock.resume();

    await sala.getByText('Reserva llegada al quiosco').first().waitFor({ timeout: 15_000 });
    await expect.poll(() => alertsPlayed(sala), { timeout: 15_000 }).toBeGreaterThan(rungBefore);
  });

  it('says when a booking is for another day, and when a QR is not ours', async () => {
    const [date] = await openDates(server.url, 1);
    const times = await freeTimes(server.url, date!, 2);
    const booked = await bookThroughApi(server.url, {
      date: date!,
      timeSlot: times[0]!,
      pax: 2,
      name: 'Pablo',
      email: 'pablo.kiosk@example.com',
    });
    expect(booked.status).toBe(201);
    await show((booked.body as unknown as { qrPayload: string }).qrPayload);
    const otherDay = kiosk.getByRole('alertdialog', { name: 'Tu reserva es para otro día' });
    await otherDay.waitFor({ timeout: 15_000 });
    await otherDay.getByText(/^Tu reserva es para el /).waitFor();
    await show(null);
    await expectAccessible(kiosk);
    await otherDay.getByRole('button', { name: 'Entendido' }).click();

    // Typed as the guest reads it out: lower case, with a dash, the same booking.
    const { reference } = (booked.body as unknown as { reservation: { reference: string } }).reservation;
    await kiosk.getByRole('button', { name: 'Escribir el código' }).click();
    await kiosk
      .getByRole('textbox', { name: 'Código' })
      .fill(`${reference.slice(0, 3).toLowerCase()}-${reference.slice(3)}`);
    await kiosk.getByRole('button', { name: 'Comprobar' }).click();
    await otherDay.waitFor({ timeout: 15_000 });
    await otherDay.getByRole('button', { name: 'Entendido' }).click();

    await show('https://example.com/menu?uid=no-es-nuestro');
    const unknown = kiosk.getByRole('alertdialog', { name: 'Código no reconocido' });
    await unknown.waitFor({ timeout: 15_000 });
    await unknown.getByText('No reconocemos el código QR.').waitFor();
    await show(null);
    // axe runs on timers of its own: here time still flows, and the result is well within its 20 s.
    await expectAccessible(kiosk);
    await kiosk.clock.fastForward(20_500);
    await unknown.waitFor({ state: 'hidden' });
  });

  it('gives a party of four without a booking a table, in any of the nine languages', async () => {
    await kiosk.getByRole('button', { name: 'No tengo reserva' }).click();
    await kiosk.getByRole('heading', { name: 'Mesa sin reserva' }).waitFor();
    await expectAccessible(kiosk);
    await kiosk.getByRole('button', { name: 'Una persona más' }).click();
    await kiosk.getByRole('button', { name: 'Una persona más' }).click();
    await kiosk.getByRole('button', { name: 'Pedir mesa' }).click();
    await kiosk.getByRole('alert').filter({ hasText: 'Escribe tu nombre.' }).waitFor();
    await kiosk.getByLabel('Tu nombre').fill('Marta');
    await kiosk.getByRole('button', { name: 'Pedir mesa' }).click();
    const seated = kiosk.getByRole('alertdialog', { name: '¡Bienvenido, Marta!' });
    await seated.waitFor();
    await seated
      .getByText(/^Tu mesa: |^No hemos podido asignarte una mesa\.$/)
      .first()
      .waitFor();
    // The welcome result, the same screen a checked-in booking gets (whose test holds the clock, so axe runs here).
    await expectAccessible(kiosk);
    await seated.getByRole('button', { name: 'Entendido' }).click();

    await kiosk.getByRole('button', { name: 'English' }).click();
    await kiosk.getByRole('heading', { name: 'Welcome', exact: true }).waitFor();
    await kiosk.getByRole('button', { name: 'Type the code' }).click();
    await expectAccessible(kiosk);
    await kiosk.getByRole('button', { name: 'Back' }).click();
    await kiosk.getByRole('button', { name: 'Español' }).click();
    await kiosk.getByRole('heading', { name: 'Bienvenido', exact: true }).waitFor();
  });

  it('stays a kiosk: back and reload keep it, a form left alone returns to the welcome, staff leave with the PIN', async () => {
    await kiosk.goBack();
    await kiosk.getByRole('heading', { name: 'Bienvenido', exact: true }).waitFor();
    expect(new URL(kiosk.url()).pathname).toBe('/kiosk');

    await kiosk.getByRole('button', { name: 'Escribir el código' }).click();
    await kiosk.getByRole('heading', { name: 'Código de la reserva' }).waitFor();
    await kiosk.clock.fastForward(61_000);
    await kiosk.getByRole('heading', { name: 'Bienvenido', exact: true }).waitFor();

    await kiosk.reload();
    await kiosk.getByRole('heading', { name: 'Bienvenido', exact: true }).waitFor();

    await leaveKiosk(kiosk, PIN);
    await kiosk.waitForURL(`${server.url}/copilot`);
  });
});
