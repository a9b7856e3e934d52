import type { Browser, Page } from 'playwright-core';
import WebSocket from 'ws';
import { callWithToken } from './api.ts';
import { PHONE } from './phone.ts';

/** A seated walk-in of the demo venue and its account QR, as the floor's "account QR" overlay makes it. */
export async function seatedTableQr(url: string, staffToken: string, name: string) {
  const created = await callWithToken(url, '/world/reservation/createwalkin', staffToken, { name, pax: 2 });
  if (created.status !== 201) throw new Error(`createwalkin: ${created.status} ${await created.text()}`);
  const { reservation } = (await created.json()) as { reservation: { id: number; wid: string } };
  const qr = await callWithToken(url, '/world/api/reservation/account-qr', staffToken, {
    reservationWid: reservation.wid,
  });
  if (qr.status !== 200) throw new Error(`account-qr: ${qr.status} ${await qr.text()}`);
  const { url: invitation } = (await qr.json()) as { url: string };
  // What the QR encodes (apps/web/src/features/floor/qr-text.ts): the invitation plus the account's wid.
  return {
    reservationId: reservation.id,
    wid: reservation.wid,
    qrUrl: `${invitation}&wid=${encodeURIComponent(reservation.wid)}`,
  };
}

/** The join form's texts in the phone languages the browser tests use. */
const JOIN_TEXTS = {
  'en-GB': { yourName: 'Your name', join: 'Join the table' },
  'es-ES': { yourName: 'Tu nombre', join: 'Unirme a la mesa' },
  'de-DE': { yourName: 'Ihr Name', join: 'Dem Tisch beitreten' },
} as const;
export type PhoneLocale = keyof typeof JOIN_TEXTS;

/**
 * A guest's phone at a freshly seated table: it opens the account QR, joins under `guestName` and has the menu
 * on screen. `uid` is the guest's own capability, which joining puts in the address.
 */
export async function guestJoinsTable(
  browser: Browser,
  url: string,
  staffToken: string,
  { tableName, guestName, locale }: { tableName: string; guestName: string; locale: PhoneLocale },
) {
  const table = await seatedTableQr(url, staffToken, tableName);
  const context = await browser.newContext({ ...PHONE, locale, bypassCSP: true });
  const page = await context.newPage();
  await page.goto(table.qrUrl);
  await page.getByLabel(JOIN_TEXTS[locale].yourName).fill(guestName);
  await page.getByRole('button', { name: JOIN_TEXTS[locale].join }).click();
  await page.locator('.menu-product').first().waitFor();
  const uid = new URL(page.url()).searchParams.get('uid');
  if (!uid) throw new Error(`no uid in ${page.url()}`);
  return { page, table, uid, close: () => context.close() };
}

export interface FeedEvent {
  readonly seq: number;
  readonly topic: string;
  readonly payload: Record<string, unknown>;
}

/** A staff tablet's realtime feed (the copilot's WebSocket), collecting the events it receives. */
export async function staffFeed(url: string, token: string) {
  const events: FeedEvent[] = [];
  const ws = new WebSocket(`${url.replace(/^http/, 'ws')}/world/ws`);
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  const welcomed = new Promise<void>((resolve) => {
    ws.on('message', (data) => {
      const message = JSON.parse(String(data)) as { type: string } & FeedEvent;
      if (message.type === 'welcome') resolve();
      if (message.type === 'event') events.push(message);
    });
  });
  ws.send(JSON.stringify({ type: 'hello', v: 1, token }));
  await welcomed;
  return {
    events,
    /**
     * Waits until an event matches (the feed is live: no polling of any API). No deadline of its own: on a
     * busy machine only the test's timeout may end the wait.
     */
    async waitFor(match: (event: FeedEvent) => boolean): Promise<FeedEvent> {
      for (;;) {
        const found = events.find(match);
        if (found) return found;
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    },
    close: () => ws.close(),
  };
}

/**
 * Sends the open cart from the phone and answers the id of the order the server took. Staff hear a table's
 * orders in the order they were taken, so once the feed has this one, any earlier one has arrived too.
 */
export async function sendCart(page: Page, send: () => Promise<void>): Promise<number> {
  const reply = page.waitForResponse(
    (response) =>
      response.url().endsWith('/world/api/cartsession/createcartsessionorder') && response.status() < 300,
  );
  await send();
  return ((await (await reply).json()) as { cartSessionOrder: { id: number } }).cartSessionOrder.id;
}

/** The orders staff heard of for one reservation, as its feed has them so far. */
export function ordersHeardFor(
  feed: Awaited<ReturnType<typeof staffFeed>>,
  reservationId: number,
): () => FeedEvent[] {
  return () =>
    feed.events.filter(
      (event) => event.topic === 'order.created' && event.payload.reservationId === reservationId,
    );
}

/** From now on the server takes each order the phone sends, but the reply never reaches it (a dropped connection). */
export async function loseOrderReplies(page: Page): Promise<void> {
  await page.route('**/world/api/cartsession/createcartsessionorder', async (route) => {
    await route.fetch();
    await route.abort('connectionreset');
  });
}
