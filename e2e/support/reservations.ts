import http from 'node:http';
import type { AddressInfo } from 'node:net';
import PostalMime, { type Email } from 'postal-mime';
import type { FrameLocator, Page } from 'playwright-core';
import { SMTPServer } from 'smtp-server';
import { DEMO_PASSWORD, signInThroughApi } from './api.ts';

/** What the booking journeys share: a mailbox on loopback, dates the demo venue opens, API calls of other guests. */

export interface CapturedMail {
  readonly envelopeTo: readonly string[];
  readonly email: Email;
}

/** A real SMTP server on 127.0.0.1 that keeps every message, for the server's `SMTP_URL`. */
export interface Mailbox {
  readonly smtpUrl: string;
  /** Waits for the `count`-th message (1-based) and parses it. */
  message(count: number, timeoutMs?: number): Promise<CapturedMail>;
  /** Waits for a message to `address`. */
  messageTo(address: string, timeoutMs?: number): Promise<CapturedMail>;
  close(): Promise<void>;
}

export async function startMailbox(): Promise<Mailbox> {
  const inbox: { envelopeTo: string[]; raw: string }[] = [];
  const waiters = new Set<() => void>();
  const smtp = new SMTPServer({
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
        for (const waiter of waiters) waiter();
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const port = (smtp.server.address() as AddressInfo).port;

  async function waitFor(find: () => number, timeoutMs: number, what: string): Promise<CapturedMail> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const index = find();
      if (index >= 0) {
        const found = inbox[index]!;
        return { envelopeTo: found.envelopeTo, email: await PostalMime.parse(found.raw) };
      }
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no email ${what} after ${timeoutMs} ms (${inbox.length} received)`);
      await new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          waiters.delete(done);
          resolve();
        };
        const timer = setTimeout(done, left);
        waiters.add(done);
      });
    }
  }

  return {
    smtpUrl: `smtp://127.0.0.1:${port}?tls=off`,
    message: (count, timeoutMs = 10_000) =>
      waitFor(() => (inbox.length >= count ? count - 1 : -1), timeoutMs, `#${count}`),
    messageTo: (address, timeoutMs = 10_000) =>
      waitFor(() => inbox.findIndex((mail) => mail.envelopeTo.includes(address)), timeoutMs, `to ${address}`),
    close: () => new Promise<void>((resolve) => smtp.close(() => resolve())),
  };
}

export interface BookingWindow {
  readonly firstDate: string;
  readonly lastDate: string;
  readonly disabledWeekdays: readonly number[];
  readonly maxPax: number;
  readonly holdSeconds: number;
  readonly timeZone: string;
}

async function postJson<T>(url: string, path: string, body: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as T };
}

export async function bookingWindow(url: string): Promise<BookingWindow> {
  const { body } = await postJson<{ bookingWindow: BookingWindow }>(
    url,
    '/world/reservation/availablerooms',
    {},
  );
  return body.bookingWindow;
}

function addDays(date: string, days: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

function isoWeekday(date: string): number {
  const day = new Date(`${date}T12:00:00Z`).getUTCDay();
  return day === 0 ? 7 : day;
}

/**
 * Dates the demo venue opens (Tuesday to Sunday), from a few days after today by the real clock (the venue's
 * service date), so a journey never meets the minimum notice or the 06:00 boundary.
 */
export async function openDates(url: string, count: number, fromDaysAhead = 3): Promise<string[]> {
  const window = await bookingWindow(url);
  const dates: string[] = [];
  for (let date = addDays(window.firstDate, fromDaysAhead); dates.length < count; date = addDays(date, 1)) {
    if (date > window.lastDate) throw new Error('not enough open dates in the booking window');
    if (!window.disabledWeekdays.includes(isoWeekday(date))) dates.push(date);
  }
  return dates;
}

export interface TimeSlot {
  readonly timeSlot: string;
  readonly countAvailable: number;
  readonly roomId: number;
}

/** The times offered for a date and party, as any guest's form would ask. */
export async function freeTimes(url: string, date: string, pax: number): Promise<string[]> {
  const { body } = await postJson<{ timeSlots: TimeSlot[] }>(url, '/world/reservation/checkavailability', {
    date,
    pax,
  });
  return [...new Set(body.timeSlots.map((slot) => slot.timeSlot))];
}

/** Another guest books through the API, as their own form would (with an Idempotency-Key). */
export async function bookThroughApi(
  url: string,
  booking: { date: string; timeSlot: string; pax: number; name: string; email: string },
) {
  return postJson<{ reservation: { id: number; state: string }; uid: string }>(
    url,
    '/world/reservation/register',
    { ...booking, consent: true },
    { 'idempotency-key': `e2e-${booking.email}-${booking.date}-${booking.timeSlot}` },
  );
}

/** Declares the sites allowed to embed the booking form, signed in as the demo venue's admin. */
export async function declareEmbedOrigins(url: string, origins: readonly string[]): Promise<Response> {
  const token = await signInThroughApi(url, 'admin@demo.test', DEMO_PASSWORD);
  return fetch(`${url}/world/api/venueconfig/update`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ embedOrigins: origins }),
  });
}

/** A tiny site on another origin (127.0.0.1, its own port) serving one HTML page. */
export interface OtherSite {
  readonly origin: string;
  close(): Promise<void>;
}

export async function serveOtherSite(html: string): Promise<OtherSite> {
  const server = http.createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Shows the month of `date` in the booking form's calendar and picks the day (in a page or a frame). */
export async function chooseDate(
  page: Page | FrameLocator,
  date: string,
  nextMonthLabel: string,
): Promise<void> {
  const day = page.locator(`button[data-date="${date}"]`);
  for (let tries = 0; (await day.count()) === 0; tries += 1) {
    if (tries > 3) throw new Error(`${date} is not in the calendar`);
    await page.getByRole('button', { name: nextMonthLabel }).click();
  }
  await day.click();
}

/** The times the open form offers right now. */
export function offeredTimes(page: Page): Promise<string[]> {
  return page
    .locator('input[name="booking-time"]')
    .evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));
}
