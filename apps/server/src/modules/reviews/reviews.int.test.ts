import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { realtimeEvents, reviews, venues } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import {
  givenOrderingVenues,
  givenSeatedTable,
  post,
  type OrderingVenues,
} from '../menus/ordering.fixtures.ts';
import { REVIEW_TOKEN_LIFETIME_MS } from './review-token.ts';

const CREATE = '/world/api/review/create';
const ADD_TEXT = '/world/api/review/addtext';
const UPDATE = '/world/api/review/update';
const GET = '/world/api/review/get';
const LIST = '/world/api/review/list';
const TICKET_LINK = '/world/api/review/ticket-link';
const GOOGLE = 'https://g.page/r/demo/review';

let t: TestApp;
let v: OrderingVenues;

beforeAll(async () => {
  t = await buildTestApp();
  v = await givenOrderingVenues(t);
  await t.ctx.db
    .update(venues)
    .set({ settings: sql`${venues.settings} || ${JSON.stringify({ reviewGoogleMapsUrl: GOOGLE })}::jsonb` })
    .where(eq(venues.id, v.demo.id));
  t.ctx.venues.invalidate();
}, 180_000);
afterAll(() => t.close());

/** A seated table that ordered one dish and paid it by card: the account is closed with its invoice. */
async function givenPaidTable() {
  const table = await givenSeatedTable(t, v);
  const ordered = await post(
    t,
    'demo',
    '/world/api/cartsession/createcartsessionorder',
    {
      orderInfo: { reservationId: table.reservationId, source: 1 },
      products: [{ sku: 'ENT-02', options: [], orderQuantity: 1 }],
    },
    { token: v.tokens.sala },
  );
  expect(ordered.statusCode, ordered.body).toBe(201);
  const paid = await post(
    t,
    'demo',
    '/world/api/reservation/paid-reservation',
    { reservationId: table.reservationId, paymentMethod: 'card' },
    { token: v.tokens.tpv },
  );
  expect(paid.statusCode, paid.body).toBe(200);
  return table;
}

async function ticketToken(reservationId: number): Promise<string> {
  const response = await post(t, 'demo', TICKET_LINK, { reservationId }, { token: v.tokens.sala });
  expect(response.statusCode, response.body).toBe(200);
  const url = new URL((response.json() as { url: string }).url);
  expect(url.pathname).toBe('/opinion');
  return url.searchParams.get('t') ?? '';
}

describe('guest reviews', () => {
  it('a five from the phone offers the Google link and counts the click once', async () => {
    const table = await givenPaidTable();
    const rated = await post(t, 'demo', CREATE, { uid: table.guestUid, rating: 5 });
    expect(rated.statusCode, rated.body).toBe(200);
    expect(rated.json()).toMatchObject({
      result: 0,
      review: { rating: 5, text: null, googleReviewClicked: false },
      googleReviewUrl: GOOGLE,
    });
    const clicked = await post(t, 'demo', UPDATE, { uid: table.guestUid, googleReviewClicked: true });
    expect(clicked.json()).toMatchObject({ review: { googleReviewClicked: true } });
    const [row] = await t.ctx.db.select().from(reviews).where(eq(reviews.reservationId, table.reservationId));
    const firstClick = row?.googleReviewClickedAt;
    expect(firstClick).toBeInstanceOf(Date);
    t.clock.advance(60_000);
    await post(t, 'demo', UPDATE, { uid: table.guestUid, googleReviewClicked: true });
    const [again] = await t.ctx.db.select().from(reviews).where(eq(reviews.id, row!.id));
    expect(again?.googleReviewClickedAt).toEqual(firstClick);
  });

  it('a two from the ticket QR stays private, reaches the copilot live and keeps the text', async () => {
    const table = await givenPaidTable();
    const token = await ticketToken(table.reservationId);
    const page = await post(t, 'demo', GET, { t: token });
    expect(page.json()).toMatchObject({ venueName: v.demo.businessName, review: null });
    const rated = await post(t, 'demo', CREATE, { t: token, rating: 2 });
    expect(rated.json()).toMatchObject({ review: { rating: 2 }, googleReviewUrl: null });
    const [event] = await t.ctx.db
      .select()
      .from(realtimeEvents)
      .where(and(eq(realtimeEvents.venueId, v.demo.id), eq(realtimeEvents.topic, 'review.received')))
      .orderBy(desc(realtimeEvents.seq))
      .limit(1);
    expect(event?.payload).toMatchObject({ rating: 2, outcome: 'private' });
    const text = await post(t, 'demo', ADD_TEXT, { t: token, text: '  La paella llegó fría.  ' });
    expect(text.json()).toMatchObject({ review: { rating: 2, text: 'La paella llegó fría.' } });
    const listed = await post(t, 'demo', LIST, { maxRating: 3 }, { token: v.tokens.sala });
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json()).toMatchObject({
      result: 0,
      reviews: expect.arrayContaining([
        expect.objectContaining({
          rating: 2,
          text: 'La paella llegó fría.',
          reservationWid: table.wid,
          reservationName: 'Mesa Test',
          createdAt: expect.stringMatching(/\+01:00$/),
        }),
      ]),
    });
    const all = listed.json() as { reviews: { rating: number }[] };
    expect(all.reviews.every((review) => review.rating <= 3)).toBe(true);
  });

  it('one review per account: rating again changes it, and only after the bill is paid', async () => {
    const open = await givenSeatedTable(t, v);
    const early = await post(t, 'demo', CREATE, { uid: open.guestUid, rating: 4 });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ message: 'Podrás valorar tu visita cuando la cuenta esté pagada.' });
    await post(t, 'demo', `/world/api/reservation/${open.reservationId}/close`, {}, { token: v.tokens.sala });

    const table = await givenPaidTable();
    await post(t, 'demo', CREATE, { uid: table.guestUid, rating: 3 });
    await post(t, 'demo', CREATE, { uid: table.tableUid, rating: 4 });
    const rows = await t.ctx.db.select().from(reviews).where(eq(reviews.reservationId, table.reservationId));
    expect(rows.map((row) => row.rating)).toEqual([4]);
  });

  it('refuses bad input with a 400 naming the field, in the guest’s language', async () => {
    const table = await givenPaidTable();
    const cases: Record<string, unknown>[] = [
      { uid: table.guestUid, rating: 6 },
      { uid: table.guestUid, rating: 0 },
      { uid: table.guestUid, rating: 4.5 },
      { uid: table.guestUid },
      { rating: 4 },
      { uid: table.guestUid, t: 'x'.repeat(40), rating: 4 },
      { uid: table.guestUid, rating: 4, extra: 1 },
    ];
    for (const body of cases) {
      const response = await post(t, 'demo', CREATE, body, { headers: { 'accept-language': 'en' } });
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json()).toMatchObject({ message: 'Some of the data is not valid.' });
    }
    expect((await post(t, 'demo', ADD_TEXT, { uid: table.guestUid, text: '   ' })).statusCode).toBe(400);
    expect(
      (await post(t, 'demo', ADD_TEXT, { uid: table.guestUid, text: 'a'.repeat(1001) })).statusCode,
    ).toBe(400);
    const textFirst = await post(t, 'demo', ADD_TEXT, { uid: table.guestUid, text: 'Muy bien' });
    expect(textFirst.statusCode).toBe(409);
    expect(textFirst.json()).toMatchObject({ message: 'Elige primero una puntuación.' });
    expect(
      (await post(t, 'demo', UPDATE, { uid: table.guestUid, googleReviewClicked: false })).statusCode,
    ).toBe(400);
    const badRange = await post(
      t,
      'demo',
      LIST,
      { dateFrom: '2026-11-20', dateTo: '2026-11-01' },
      { token: v.tokens.sala },
    );
    expect(badRange.statusCode).toBe(400);
  });

  it('capabilities: another venue’s, a forged, an expired ticket token; staff only for the list', async () => {
    const table = await givenPaidTable();
    expect((await post(t, 'otra', CREATE, { uid: table.guestUid, rating: 5 })).statusCode).toBe(401);
    const token = await ticketToken(table.reservationId);
    expect((await post(t, 'otra', CREATE, { t: token, rating: 5 })).statusCode).toBe(401);
    expect((await post(t, 'demo', CREATE, { t: `${token.slice(0, -2)}AA`, rating: 5 })).statusCode).toBe(401);
    t.clock.advance(REVIEW_TOKEN_LIFETIME_MS + 1000);
    expect((await post(t, 'demo', CREATE, { t: token, rating: 5 })).statusCode).toBe(410);
    t.clock.advance(-(REVIEW_TOKEN_LIFETIME_MS + 1000));

    expect((await post(t, 'demo', LIST, {})).statusCode).toBe(401);
    expect((await post(t, 'otra', LIST, {}, { token: v.tokens.sala })).statusCode).toBe(401);
    const otherVenue = await post(t, 'otra', LIST, {}, { token: v.other.tokens.staff });
    expect(otherVenue.statusCode, otherVenue.body).toBe(200);
    expect((otherVenue.json() as { reviews: unknown[] }).reviews).toEqual([]);
    expect(
      (
        await post(
          t,
          'otra',
          TICKET_LINK,
          { reservationId: table.reservationId },
          { token: v.other.tokens.staff },
        )
      ).statusCode,
    ).toBe(404);
  });

  it('limits: a network is slowed down, and an account cannot be re-rated endlessly', async () => {
    const table = await givenPaidTable();
    const ip = '203.0.113.77';
    let last = 0;
    for (let i = 0; i < 13; i += 1) {
      last = (
        await post(
          t,
          'demo',
          CREATE,
          { uid: table.guestUid, rating: (i % 5) + 1 },
          { ip: `198.51.100.${i + 1}` },
        )
      ).statusCode;
    }
    expect(last).toBe(429);
    const statuses: number[] = [];
    for (let i = 0; i < 61; i += 1)
      statuses.push((await post(t, 'demo', GET, { t: 'y'.repeat(40) }, { ip })).statusCode);
    expect(statuses.slice(0, 60).every((status) => status === 401)).toBe(true);
    const limited = await post(t, 'demo', GET, { t: 'y'.repeat(40) }, { ip });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
  });
});
