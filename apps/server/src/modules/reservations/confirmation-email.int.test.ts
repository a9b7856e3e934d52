import PostalMime, { type Email } from 'postal-mime';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reservations } from '../../db/schema/index.ts';
import { buildTestApp, call, givenVenue, type TestApp } from '../../test/test-app.ts';
import { readQrPng } from '../../test/qr-code.ts';
import { createMailer } from '../../lib/mailer.ts';
import { furnishVenue } from './reservations.fixtures.ts';

/**
 * The confirmation email through a real SMTP server on loopback (issue 4 item 6): sent after the booking
 * commits, in the guest's language, with the QR inline, the calendar file attached and the cancel link
 * carrying the guest's capability; a mail server that is down never costs the booking.
 */
let t: TestApp;
let smtp: SMTPServer;
let smtpPort: number;
const inbox: { envelopeTo: string[]; raw: string }[] = [];
const waiters: (() => void)[] = [];

/** Waits for the `count`th message the server delivers; the test's timeout is the only deadline. */
async function nextMessage(count: number): Promise<Email> {
  while (inbox.length < count) await new Promise<void>((resolve) => waiters.push(resolve));
  return PostalMime.parse(inbox[count - 1]!.raw);
}

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        inbox.push({
          envelopeTo: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        for (const waiter of waiters.splice(0)) waiter();
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  smtpPort = (smtp.server.address() as { port: number }).port;

  t = await buildTestApp({
    mailer: createMailer({
      url: `smtp://127.0.0.1:${smtpPort}?tls=off`,
      from: 'Casa Correo <reservas@correo.test>',
    }),
  });
  const venue = await givenVenue(t, { subdomain: 'correo', businessName: 'Casa Correo' });
  await furnishVenue(t.ctx.db, venue.id, {
    rooms: [
      {
        name: 'Sala',
        tables: [
          { name: '1', minPax: 1, maxPax: 4 },
          { name: '2', minPax: 1, maxPax: 4 },
        ],
      },
    ],
  });
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

function register(payload: Record<string, unknown>) {
  return call(t, 'correo', {
    method: 'POST',
    url: '/world/reservation/register',
    payload: { date: '2026-11-21', timeSlot: '21:00', pax: 2, consent: true, ...payload },
  });
}

describe('confirmation email over SMTP', () => {
  it('sends the details in Spanish with the QR inline, the .ics attached and the cancel link', async () => {
    const response = await register({
      name: 'Lucía',
      email: 'lucia@example.com',
      locale: 'es',
      comments: 'Sin gluten',
    });
    expect(response.statusCode, response.body).toBe(201);
    const booked = response.json();
    expect(booked.emailStatus).toBe('sending');

    const mail = await nextMessage(1);
    expect(inbox[0]!.envelopeTo).toEqual(['lucia@example.com']);
    expect(mail.from?.address).toBe('reservas@correo.test');
    expect(mail.subject).toBe(
      'Reserva confirmada en Casa Correo: sábado, 21 de noviembre de 2026 a las 21:00',
    );
    expect(mail.text).toContain('Hola, Lucía:');
    expect(mail.text).toContain('Personas: 2');
    expect(mail.text).toContain('Comentarios: Sin gluten');
    // The six-character reference, easy to say (no 0/O, 1/I/L), is in the email as on the confirmation.
    expect(booked.reservation.reference).toMatch(/^[2-9A-HJKMNP-Z]{6}$/);
    expect(mail.text).toContain(`Localizador: ${booked.reservation.reference}`);
    expect(mail.text).toContain(`Cancela la reserva: ${booked.links.cancel}`);
    expect(booked.links.cancel).toContain(booked.uid);
    expect(mail.html).toContain('src="cid:reservation-qr@sobremesa"');
    // SEC-09: the guest link travels only in a fragment (#uid=), never in a URL query a proxy logs.
    for (const body of [mail.text ?? '', mail.html ?? '']) {
      expect(body).not.toMatch(/[?&](uid|t)=/);
      expect(body).not.toContain(`?uid=${booked.uid}`);
    }
    expect(mail.html).toContain(booked.links.manage.replace(/&/g, '&amp;'));

    const qr = mail.attachments.find((attachment) => attachment.mimeType === 'image/png');
    expect(qr?.contentId).toBe('<reservation-qr@sobremesa>');
    expect(qr?.disposition).toBe('inline');
    expect(readQrPng(new Uint8Array(qr!.content as ArrayBuffer))).toBe(booked.qrPayload);
    const ics = mail.attachments.find((attachment) => attachment.mimeType === 'text/calendar');
    expect(ics?.filename).toBe('reserva.ics');
    const content = ics!.content;
    const calendar =
      typeof content === 'string' ? content : Buffer.from(content as ArrayBuffer).toString('utf8');
    expect(calendar).toContain('DTSTART:20261121T200000Z');
    expect(calendar).toContain('SUMMARY:Reserva en Casa Correo (2 personas)');
  });

  it('writes to English guests in English, and sendpass sends the pass again', async () => {
    const response = await register({
      name: 'Oliver',
      email: 'oliver@example.com',
      locale: 'en',
      timeSlot: '21:30',
    });
    expect(response.statusCode).toBe(201);
    const first = await nextMessage(2);
    expect(first.subject).toBe('Reservation confirmed at Casa Correo: Saturday, November 21, 2026 at 21:30');
    expect(first.text).toContain('Cannot come? Cancel the reservation');

    const pass = await call(t, 'correo', {
      method: 'POST',
      url: '/world/api/user/sendpass',
      payload: { uid: response.json().uid },
    });
    expect(pass.json()).toEqual({ result: 0, emailStatus: 'sending' });
    const again = await nextMessage(3);
    expect(again.subject).toBe(first.subject);
    expect(again.text).toContain(response.json().uid);
  });

  it('remindnumber mails fresh links to the address, and says the same for unknown addresses', async () => {
    const before = inbox.length;
    const unknown = await call(t, 'correo', {
      method: 'POST',
      url: '/world/user/remindnumber',
      payload: { email: 'nobody@example.com' },
    });
    expect(unknown.json()).toEqual({ result: 0 });
    const known = await call(t, 'correo', {
      method: 'POST',
      url: '/world/user/remindnumber',
      payload: { email: 'LUCIA@example.com', noMail: false },
    });
    expect(known.json()).toEqual({ result: 0 });
    const reminder = await nextMessage(before + 1);
    expect(inbox[before]!.envelopeTo).toEqual(['lucia@example.com']);
    expect(reminder.subject).toBe('Tus reservas en Casa Correo');
    const link = /#uid=([A-Za-z0-9_-]{43})/.exec(reminder.text ?? '')?.[1];
    expect(link).toBeDefined();
    const info = await call(t, 'correo', {
      method: 'POST',
      url: '/world/reservation/userfuture',
      payload: { uid: link },
    });
    expect(info.json().reservations).toHaveLength(1);
    const dry = await call(t, 'correo', {
      method: 'POST',
      url: '/world/user/remindnumber',
      payload: { email: 'lucia@example.com', noMail: true },
    });
    expect(dry.json()).toEqual({ result: 0 });
    // The dry run mailed nothing: the reminder asked for after it is the next message delivered.
    const later = await call(t, 'correo', {
      method: 'POST',
      url: '/world/user/remindnumber',
      payload: { email: 'lucia@example.com' },
    });
    expect(later.json()).toEqual({ result: 0 });
    await nextMessage(before + 2);
    expect(inbox).toHaveLength(before + 2);
    expect(inbox[before + 1]!.envelopeTo).toEqual(['lucia@example.com']);
  });
});

describe('a mail server that is down', () => {
  it('never costs the booking: the reservation stands and the failure is only logged', async () => {
    const lines: string[] = [];
    const broken = await buildTestApp({
      // Nothing listens on port 9 of loopback (discard): the connection is refused.
      mailer: createMailer({ url: 'smtp://127.0.0.1:9?tls=off', from: 'x@correo.test' }),
      logger: { level: 'info', stream: { write: (line: string) => void lines.push(line) } },
    });
    try {
      const venue = await givenVenue(broken, { subdomain: 'caida' });
      await furnishVenue(broken.ctx.db, venue.id, {
        rooms: [{ name: 'Sala', tables: [{ name: '1', minPax: 1, maxPax: 4 }] }],
      });
      const response = await call(broken, 'caida', {
        method: 'POST',
        url: '/world/reservation/register',
        payload: {
          date: '2026-11-21',
          timeSlot: '21:00',
          pax: 2,
          consent: true,
          name: 'Ana',
          email: 'ana@example.com',
        },
      });
      expect(response.statusCode).toBe(201);
      const uid = response.json().uid as string;
      // Sending runs after the reply: wait for its failure to be logged.
      while (!lines.some((line) => line.includes('email could not be sent')))
        await new Promise((resolve) => setTimeout(resolve, 50));
      expect(await broken.ctx.db.select().from(reservations)).toHaveLength(1);
      // SEC-09: the guest's capability never reaches the log.
      expect(lines.join('\n')).not.toContain(uid);
    } finally {
      await broken.close();
    }
  });
});
