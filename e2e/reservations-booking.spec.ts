import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousAccessibilityViolations } from './support/axe.ts';
import { launchBrowser } from './support/browser.ts';
import { PHONE } from './support/phone.ts';
import { qrText } from './support/qr.ts';
import {
  bookThroughApi,
  chooseDate,
  freeTimes,
  offeredTimes,
  openDates,
  startMailbox,
  type Mailbox,
} from './support/reservations.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { watchForProblems } from './support/shell.ts';
import { consentSettled, translation } from './support/stored-values.ts';

/**
 * Issue 4 "Done when": a guest books a table end to end in Spanish and in English in real Chromium against the
 * real server, sees the QR (the image loads), receives the confirmation email (captured over SMTP by a server
 * on loopback), and cancels through the link, after which the reservation shows cancelled and the time is free
 * again. axe-core checks every step of the form.
 */
let server: RunningServer;
let browser: Browser;
let mailbox: Mailbox;
let dates: string[];

beforeAll(async () => {
  mailbox = await startMailbox();
  [server, browser] = await Promise.all([
    startServer({ env: { SMTP_URL: mailbox.smtpUrl, MAIL_FROM: 'Casa Sobremesa <reservas@demo.test>' } }),
    launchBrowser(),
  ]);
  dates = await openDates(server.url, 4);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await mailbox?.close();
});

type Lang = 'es' | 'en';
const text = (lang: Lang, key: string) => translation(lang, 'reservations', key);

async function withPhone(
  lang: Lang,
  run: (page: Page, context: BrowserContext) => Promise<void>,
  options: { bypassCSP?: boolean } = {},
): Promise<void> {
  const context = await browser.newContext({
    ...PHONE,
    locale: lang === 'es' ? 'es-ES' : 'en-GB',
    // axe-core is injected as an inline script, which the server's policy rightly refuses.
    bypassCSP: options.bypassCSP ?? false,
  });
  const page = await context.newPage();
  try {
    await run(page, context);
  } finally {
    await context.close();
  }
}

async function expectNoSeriousViolations(page: Page, where: string): Promise<void> {
  expect(await seriousAccessibilityViolations(page), where).toEqual([]);
}

/** Step 1 to the held time: party, day, time (and the room, chosen for the guest when there is one). */
async function chooseTable(page: Page, lang: Lang, booking: { date: string; pax: number; time: string }) {
  await page.getByLabel(text(lang, 'pax.label'), { exact: true }).selectOption(String(booking.pax));
  await chooseDate(page, booking.date, text(lang, 'date.nextMonth'));
  const time = page.getByRole('radio', { name: booking.time, exact: true });
  await time.waitFor();
  if (lang === 'es') {
    // The hint counts the times offered, and says they are times (slots), not hours.
    const offered = await page.locator('.booking__times').getByRole('radio').count();
    expect(await page.locator('.booking__times .field__hint').textContent()).toBe(
      offered === 1 ? 'Queda 1 horario libre.' : `Quedan ${offered} horarios libres.`,
    );
  }
  await time.check();
  // The table is held for the guest: the countdown shows.
  await page.locator('[role="timer"]').waitFor();
}

describe('booking a table', () => {
  it('in Spanish: form, QR, email over SMTP, cancel through the email link, the time free again', async () => {
    const date = dates[0]!;
    // A party of ten only fits one combination of tables: one booking fills each time it overlaps.
    const booking = { date, pax: 10, time: '21:00' };
    expect(await freeTimes(server.url, date, 10)).toContain('21:00');

    await withPhone(
      'es',
      async (page) => {
        const problems = watchForProblems(page);
        await page.goto(`${server.url}/reservar`);
        await page.getByRole('heading', { level: 1, name: 'Reserva tu mesa' }).waitFor();
        // Spec §5: no time before there is a date and a party.
        const times = page.getByRole('group', { name: 'Hora' });
        expect(await times.evaluate((fieldset: HTMLFieldSetElement) => fieldset.disabled)).toBe(true);
        await page.getByText('Elige primero las personas y el día.').waitFor();
        await consentSettled(page);
        await expectNoSeriousViolations(page, 'step 1, empty');

        await chooseTable(page, 'es', booking);
        // One room fits a party of ten: chosen by itself. The slot's duration is shown.
        expect(await page.getByLabel('Zona').inputValue()).not.toBe('');
        await page.getByText('Duración de la mesa:').waitFor();
        await expectNoSeriousViolations(page, 'step 1, time held');

        await page.getByRole('button', { name: 'Continuar' }).click();
        const detailsHeading = page.getByRole('heading', { level: 2, name: 'Tus datos' });
        await detailsHeading.waitFor();
        // Focus moves to the new step.
        await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Tus datos');

        // Spec §5: the name is required and the email must be valid; errors are announced and tied to fields.
        await page.getByLabel('Correo electrónico').fill('ana@ejemplo');
        await page.getByRole('button', { name: 'Confirmar reserva' }).click();
        await page.getByRole('alert').getByText('Por favor, introduce tu nombre').waitFor();
        expect(await page.getByLabel('Nombre', { exact: true }).getAttribute('aria-invalid')).toBe('true');
        await expect
          .poll(() => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.autocomplete))
          .toBe('name');
        await expectNoSeriousViolations(page, 'step 2, with errors');

        await page.getByLabel('Nombre', { exact: true }).fill('Ana Pérez');
        await page.getByLabel('Correo electrónico').fill('ana.perez@ejemplo.es');
        await page.getByLabel('Teléfono').fill('+34 600 123 456');
        await page.getByLabel('Comentarios').fill('Celebramos un cumpleaños');
        // The privacy link opens the consent feature's privacy modal.
        await page.getByRole('button', { name: 'Leer la política de privacidad' }).click();
        await page.getByRole('dialog').waitFor();
        await page.keyboard.press('Escape');
        await page.getByRole('dialog').waitFor({ state: 'hidden' });
        await page.getByLabel('He leído y acepto la política de privacidad').check();
        const registered = page.waitForResponse(
          (response) => response.url().endsWith('/world/reservation/register') && response.status() === 201,
        );
        await page.getByRole('button', { name: 'Confirmar reserva' }).click();
        const access = (await (await registered).json()) as { uid: string; checkInCode: string };

        await page.getByRole('heading', { level: 2, name: '¡Reserva confirmada!' }).waitFor();
        const qr = page.getByRole('img', { name: text('es', 'confirmation.qrAlt') });
        await expect
          .poll(() => qr.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0))
          .toBe(true);
        expect(await qr.getAttribute('src')).not.toContain('uid=');
        const qrReply = await page.request.get((await qr.getAttribute('src'))!);
        expect(qrReply.status()).toBe(200);
        expect(qrReply.headers()['content-type']).toMatch(/^image\/svg\+xml/);
        // What a phone's camera reads: the menu with the check-in code, never the guest link (SEC-09).
        const scanned = await qrText(qr);
        expect(scanned).toBe(`${server.url}/menu?uid=${access.checkInCode}`);
        expect(scanned).not.toContain(access.uid);
        await page.getByText('Te hemos enviado la confirmación a ana.perez@ejemplo.es.').waitFor();
        const calendar = page.getByRole('link', { name: 'Añadir al calendario' });
        const ics = await page.request.get((await calendar.getAttribute('href'))!);
        expect(await ics.text()).toContain('BEGIN:VEVENT');
        await expectNoSeriousViolations(page, 'step 3, confirmation');
        // A six-character reference, easy to say, and the confirmation's own address: a reload shows it again.
        const referenceOf = () =>
          page.locator('.pass__detail', { hasText: 'Localizador' }).locator('dd').textContent();
        const reference = await referenceOf();
        expect(reference).toMatch(/^[2-9A-HJKMNP-Z]{6}$/);
        expect(new URL(page.url()).hash).toMatch(/^#uid=[\w-]+&id=[\w-]+$/);
        await page.reload();
        await page.getByRole('heading', { level: 1, name: 'Tu reserva' }).waitFor();
        // The name on the pass itself; the guest list below names the host too.
        await page.locator('.pass__detail dd', { hasText: 'Ana Pérez' }).waitFor();
        expect(await referenceOf()).toBe(reference);
        // The time is taken now: no other guest is offered it.
        expect(await freeTimes(server.url, date, 10)).not.toContain('21:00');

        // The confirmation email, captured by the SMTP server on loopback.
        const { envelopeTo, email } = await mailbox.messageTo('ana.perez@ejemplo.es');
        expect(envelopeTo).toEqual(['ana.perez@ejemplo.es']);
        expect(email.subject).toMatch(/^Reserva confirmada en Casa Sobremesa: .+ a las 21:00$/);
        expect(email.text).toContain('Hola, Ana Pérez:');
        expect(email.text).toContain('Personas: 10');
        expect(email.text).toContain(`Localizador: ${reference}`);
        expect(email.attachments.map((attachment) => attachment.mimeType)).toEqual(
          expect.arrayContaining(['image/png', 'text/calendar']),
        );
        const cancelLink = /Cancela la reserva: (\S+)/.exec(email.text ?? '')?.[1];
        expect(cancelLink).toMatch(/\/reservar#uid=[\w-]+&action=cancel$/);

        // The link's page shows the QR and the calendar through read-only links (SEC-09): no request the
        // page makes carries the guest link in its URL.
        const uid = /#uid=([\w-]+)/.exec(cancelLink!)![1]!;
        const leaked: string[] = [];
        page.on('request', (request) => {
          if (request.url().includes(uid)) leaked.push(request.url());
        });
        await page.goto(cancelLink!.replace('&action=cancel', ''));
        const linkQr = page.getByRole('img', { name: text('es', 'confirmation.qrAlt') });
        await expect
          .poll(() => linkQr.evaluate((image: HTMLImageElement) => image.naturalWidth > 0))
          .toBe(true);
        expect(await linkQr.getAttribute('src')).toMatch(/\/world\/reservation\/qr\.svg\?t=[\w-]{40,}$/);
        expect(await qrText(linkQr)).toBe(scanned);
        const linkCalendar = page.getByRole('link', { name: 'Añadir al calendario' });
        const linkIcs = await page.request.get((await linkCalendar.getAttribute('href'))!);
        expect(await linkIcs.text()).toContain('BEGIN:VEVENT');
        expect(leaked).toEqual([]);

        // Cancel through the link in the email.
        await page.goto(cancelLink!);
        await page.getByRole('heading', { level: 1, name: '¿Quieres cancelar la reserva?' }).waitFor();
        await page.getByText('Ana Pérez').waitFor();
        await expectNoSeriousViolations(page, 'cancel page');
        await page.getByRole('button', { name: 'Sí, cancelar la reserva' }).click();
        await page.getByText('Reserva cancelada. La mesa vuelve a estar libre.').waitFor();
        await page.getByText('Cancelada', { exact: true }).waitFor();
        expect(await freeTimes(server.url, date, 10)).toContain('21:00');

        // The link still opens, and says the reservation is cancelled.
        await page.reload();
        await page.getByText('Esta reserva está cancelada.').waitFor();
        expect(problems).toEqual([]);
      },
      { bypassCSP: true },
    );
  });

  it('in English, under the real security policy, and cancels from the confirmation step', async () => {
    const date = dates[1]!;
    await withPhone('en', async (page) => {
      const problems = watchForProblems(page);
      await page.goto(`${server.url}/reservar`);
      await page.getByRole('heading', { level: 1, name: 'Book a table' }).waitFor();
      await chooseTable(page, 'en', { date, pax: 2, time: '13:30' });
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.getByRole('heading', { level: 2, name: 'Your details' }).waitFor();
      await page.getByLabel('Name', { exact: true }).fill('John Smith');
      await page.getByLabel('Email').fill('john.smith@example.co.uk');
      await page.getByLabel('I have read and accept the privacy policy').check();
      await page.getByRole('button', { name: 'Confirm booking' }).click();

      await page.getByRole('heading', { level: 2, name: 'Booking confirmed!' }).waitFor();
      const qr = page.getByRole('img', { name: text('en', 'confirmation.qrAlt') });
      await expect.poll(() => qr.evaluate((image: HTMLImageElement) => image.naturalWidth > 0)).toBe(true);
      await page.getByText('We have sent the confirmation to john.smith@example.co.uk.').waitFor();
      const details = page.locator('dl');
      expect(await details.textContent()).toContain('13:30');
      expect(await details.textContent()).toContain('2 people');

      const { email } = await mailbox.messageTo('john.smith@example.co.uk');
      expect(email.subject).toMatch(/^Reservation confirmed at Casa Sobremesa: .+ at 13:30$/);
      expect(email.text).toContain('Hello John Smith,');

      await page.getByRole('link', { name: 'Cancel the booking' }).click();
      await page.getByRole('heading', { level: 1, name: 'Do you want to cancel the booking?' }).waitFor();
      await page.getByRole('button', { name: 'Yes, cancel the booking' }).click();
      await page.getByText('Booking cancelled. The table is free again.').waitFor();
      await page.getByText('Cancelled', { exact: true }).waitFor();
      await page.getByRole('button', { name: 'Make another booking' }).click();
      await page.getByRole('heading', { level: 1, name: 'Book a table' }).waitFor();
      expect(new URL(page.url()).hash).toBe('');
      expect(problems).toEqual([]);
    });
  });

  it('says so when a guest link is unknown', async () => {
    await withPhone('es', async (page) => {
      await page.goto(`${server.url}/reservar#uid=${'x'.repeat(43)}&action=cancel`);
      await page.getByRole('alert').getByText(text('es', 'link.invalid')).waitFor();
    });
  });

  it('a time lost between choosing and confirming comes back as the server message with what is left', async () => {
    const date = dates[2]!;
    await withPhone('es', async (page) => {
      // Without the hold and the live channel, the guest's form cannot know another guest took the time.
      await page.route('**/world/reservation/hold', (route) => route.abort());
      await page.route('**/world/reservation/availability-events**', (route) => route.abort());
      await page.goto(`${server.url}/reservar`);
      await page.getByLabel('Personas', { exact: true }).selectOption('10');
      await chooseDate(page, date, text('es', 'date.nextMonth'));
      await page.getByRole('radio', { name: '20:00', exact: true }).check();
      await page.getByText(text('es', 'hold.failed')).waitFor();
      await page.getByRole('button', { name: 'Continuar' }).click();
      await page.getByLabel('Nombre', { exact: true }).fill('Lucía Gómez');
      await page.getByLabel('Correo electrónico').fill('lucia@ejemplo.es');
      await page.getByLabel('He leído y acepto la política de privacidad').check();

      const taken = await bookThroughApi(server.url, {
        date,
        timeSlot: '20:00',
        pax: 10,
        name: 'Otro cliente',
        email: 'otro@ejemplo.es',
      });
      expect(taken.status).toBe(201);

      await page.getByRole('button', { name: 'Confirmar reserva' }).click();
      await page
        .getByRole('alert')
        .getByText(/esa hora ya no está disponible/)
        .waitFor();
      await page.getByRole('heading', { level: 2, name: 'Día y hora' }).waitFor();
      // The fresh times of the 409 are what the form offers now.
      const left = await freeTimes(server.url, date, 10);
      expect(await offeredTimes(page)).toEqual(left);
      expect(left).not.toContain('20:00');
      expect(await page.getByRole('radio', { checked: true }).count()).toBe(0);
    });
  });

  it('a card number typed in the comments is refused with a message, and the guest stays on their details', async () => {
    const booking = { date: dates[3]!, pax: 2, time: '21:00' };
    await withPhone('es', async (page) => {
      await page.goto(`${server.url}/reservar`);
      await chooseTable(page, 'es', booking);
      await page.getByRole('button', { name: 'Continuar' }).click();
      await page.getByLabel('Nombre', { exact: true }).fill('Marta Ruiz');
      await page.getByLabel('Correo electrónico').fill('marta@ejemplo.es');
      await page.getByLabel('Comentarios').fill('Pago con la tarjeta 4111 1111 1111 1111');
      await page.getByLabel('He leído y acepto la política de privacidad').check();
      await page.getByRole('button', { name: 'Confirmar reserva' }).click();
      await page
        .getByRole('alert')
        .getByText('No envíes números de tarjeta: el pago con tarjeta se hace en el datáfono.')
        .waitFor();
      await page.getByRole('heading', { level: 2, name: 'Tus datos' }).waitFor();

      await page.getByLabel('Comentarios').fill('Pagaremos con tarjeta');
      await page.getByRole('button', { name: 'Confirmar reserva' }).click();
      await page.getByRole('heading', { level: 2, name: '¡Reserva confirmada!' }).waitFor();
    });
  });
});
