import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/test-database.ts';
import type { Database, DatabaseHandle } from './database.ts';
import { queryRows } from './rows.ts';
import { parseTimeRange } from './schema/time-range.ts';
import {
  allergens,
  auditLog,
  bills,
  cashDenominations,
  diningTables,
  productOrders,
  products,
  reservations,
  rooms,
  tableBookings,
  venues,
} from './schema/index.ts';

/** The database's own verdicts, whatever the application does: these hold for every writer. */

let database: DatabaseHandle;
let db: Database;

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
});
afterAll(() => database.close());

/** The SQLSTATE and message of a statement that must fail (drizzle wraps the driver's error). */
async function failure(
  statement: PromiseLike<unknown>,
): Promise<{ code: string | undefined; message: string }> {
  try {
    await statement;
  } catch (error) {
    const cause = ((error as { cause?: unknown }).cause ?? error) as { code?: string; message?: string };
    return { code: cause.code, message: String(cause.message) };
  }
  throw new Error('expected the statement to be refused');
}

const EXCLUSION_VIOLATION = '23P01';
const FOREIGN_KEY_VIOLATION = '23503';
const CHECK_VIOLATION = '23514';
const RESTRICT_VIOLATION = '23001';

let venueCount = 0;
/** A venue with one room, two tables and a reservation, all its own. */
async function givenVenue() {
  venueCount += 1;
  const [venue] = await db
    .insert(venues)
    .values({ subdomain: `schema-${venueCount}`, businessName: `Casa ${venueCount}` })
    .returning();
  if (!venue) throw new Error('no venue');
  const [room] = await db.insert(rooms).values({ venueId: venue.id, name: 'Sala' }).returning();
  if (!room) throw new Error('no room');
  const tables = await db
    .insert(diningTables)
    .values([
      { venueId: venue.id, roomId: room.id, name: '1', minPax: 1, maxPax: 4 },
      { venueId: venue.id, roomId: room.id, name: '2', minPax: 1, maxPax: 4 },
    ])
    .returning();
  const reservation = await givenReservation(venue.id);
  return { venue, room, table: tables[0]!, otherTable: tables[1]!, reservation };
}

let reservationCount = 0;
async function givenReservation(venueId: number) {
  reservationCount += 1;
  const [reservation] = await db
    .insert(reservations)
    .values({
      venueId,
      wid: `wid-${reservationCount}`,
      startsAt: new Date('2026-11-20T19:00:00Z'),
      endsAt: new Date('2026-11-20T21:00:00Z'),
      name: 'Lucía',
      pax: 2,
    })
    .returning();
  if (!reservation) throw new Error('no reservation');
  return reservation;
}

/** 20:00 Madrid time on 20 November 2026 is 19:00 UTC. */
function evening(from: string, to: string) {
  return { start: new Date(`2026-11-20T${from}:00+01:00`), end: new Date(`2026-11-20T${to}:00+01:00`) };
}

describe('table bookings (REL-01)', () => {
  it('refuses a second active booking of a table that overlaps the first', async () => {
    const { venue, table, reservation } = await givenVenue();
    const other = await givenReservation(venue.id);
    await db.insert(tableBookings).values({
      venueId: venue.id,
      reservationId: reservation.id,
      tableId: table.id,
      during: evening('20:00', '22:00'),
      status: 'confirmed',
    });
    for (const status of ['confirmed', 'seated'] as const) {
      const refused = await failure(
        db.insert(tableBookings).values({
          venueId: venue.id,
          reservationId: other.id,
          tableId: table.id,
          during: evening('21:30', '23:00'),
          status,
        }),
      );
      expect(refused.code).toBe(EXCLUSION_VIOLATION);
    }
    const hold = await failure(
      db.insert(tableBookings).values({
        venueId: venue.id,
        reservationId: other.id,
        tableId: table.id,
        during: evening('19:00', '20:30'),
        status: 'held',
        holdExpiresAt: new Date('2026-11-20T12:05:00Z'),
      }),
    );
    expect(hold.code).toBe(EXCLUSION_VIOLATION);
  });

  it('allows back-to-back bookings, other tables, and bookings over released ones', async () => {
    const { venue, table, otherTable, reservation } = await givenVenue();
    const second = await givenReservation(venue.id);
    const third = await givenReservation(venue.id);
    await db.insert(tableBookings).values([
      {
        venueId: venue.id,
        reservationId: reservation.id,
        tableId: table.id,
        during: evening('20:00', '22:00'),
        status: 'confirmed',
      },
      // [20:00, 22:00) and [22:00, 23:30) touch but do not overlap.
      {
        venueId: venue.id,
        reservationId: second.id,
        tableId: table.id,
        during: evening('22:00', '23:30'),
        status: 'confirmed',
      },
      {
        venueId: venue.id,
        reservationId: second.id,
        tableId: otherTable.id,
        during: evening('20:00', '22:00'),
        status: 'seated',
      },
    ]);
    const [released] = await db
      .update(tableBookings)
      .set({ status: 'released', releasedAt: new Date() })
      .where(eq(tableBookings.tableId, otherTable.id))
      .returning();
    expect(released?.status).toBe('released');
    await db.insert(tableBookings).values({
      venueId: venue.id,
      reservationId: third.id,
      tableId: otherTable.id,
      during: evening('20:30', '21:30'),
      status: 'confirmed',
    });
    const rows = await db.select().from(tableBookings).where(eq(tableBookings.venueId, venue.id));
    expect(rows).toHaveLength(4);
  });

  it('reads the range back as the instants written, half-open', async () => {
    const { venue, table, reservation } = await givenVenue();
    const during = evening('13:15', '15:00');
    await db.insert(tableBookings).values({
      venueId: venue.id,
      reservationId: reservation.id,
      tableId: table.id,
      during,
      status: 'confirmed',
    });
    const [row] = await db.select().from(tableBookings).where(eq(tableBookings.venueId, venue.id));
    expect(row?.during.start.toISOString()).toBe('2026-11-20T12:15:00.000Z');
    expect(row?.during.end.toISOString()).toBe('2026-11-20T14:00:00.000Z');
    const [bounds] = await queryRows<{ lower_inc: boolean; upper_inc: boolean }>(
      db,
      sql`select lower_inc(during) as lower_inc, upper_inc(during) as upper_inc from table_bookings where venue_id = ${venue.id}`,
    );
    expect(bounds).toEqual({ lower_inc: true, upper_inc: false });
  });

  it('lets exactly one of many concurrent bookings of the last table through', async () => {
    const { venue, table } = await givenVenue();
    const contenders = await Promise.all(Array.from({ length: 12 }, () => givenReservation(venue.id)));
    const outcomes = await Promise.allSettled(
      contenders.map((reservation) =>
        db.transaction(async (tx) => {
          await tx.insert(tableBookings).values({
            venueId: venue.id,
            reservationId: reservation.id,
            tableId: table.id,
            during: evening('21:00', '23:00'),
            status: 'confirmed',
          });
        }),
      ),
    );
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    const rows = await db.select().from(tableBookings).where(eq(tableBookings.venueId, venue.id));
    expect(rows).toHaveLength(1);
  });

  it('refuses a hold without an expiry and an open-ended range', async () => {
    const { venue, table, reservation } = await givenVenue();
    const noExpiry = await failure(
      db.insert(tableBookings).values({
        venueId: venue.id,
        reservationId: reservation.id,
        tableId: table.id,
        during: evening('20:00', '22:00'),
        status: 'held',
      }),
    );
    expect(noExpiry.code).toBe(CHECK_VIOLATION);
    const openEnded = await failure(
      db.execute(sql`insert into table_bookings (venue_id, reservation_id, table_id, during, status)
        values (${venue.id}, ${reservation.id}, ${table.id}, tstzrange(now(), null), 'confirmed')`),
    );
    expect(openEnded.code).toBe(CHECK_VIOLATION);
  });
});

describe('time ranges as PostgreSQL prints them', () => {
  it('parses bounds in any session zone, with fractions and minute offsets', () => {
    expect(parseTimeRange('["2026-11-20 20:00:00+01","2026-11-20 22:00:00.25+01")')).toEqual({
      start: new Date('2026-11-20T19:00:00Z'),
      end: new Date('2026-11-20T21:00:00.250Z'),
    });
    expect(parseTimeRange('["2026-03-29 01:30:00+05:30","2026-03-29 03:00:00-03:30")')).toEqual({
      start: new Date('2026-03-28T20:00:00Z'),
      end: new Date('2026-03-29T06:30:00Z'),
    });
  });

  it('reads a range written in another session zone as the same instants', async () => {
    const { venue, table, reservation } = await givenVenue();
    const [row] = await db.transaction(async (tx) => {
      await tx.execute(sql`set local time zone 'America/St_Johns'`);
      await tx.insert(tableBookings).values({
        venueId: venue.id,
        reservationId: reservation.id,
        tableId: table.id,
        during: evening('20:00', '22:00'),
        status: 'confirmed',
      });
      return tx.select().from(tableBookings).where(eq(tableBookings.venueId, venue.id));
    });
    expect(row?.during).toEqual(evening('20:00', '22:00'));
  });
});

describe('tenant isolation by composite foreign keys', () => {
  it('refuses a table in another venue room', async () => {
    const a = await givenVenue();
    const b = await givenVenue();
    const refused = await failure(
      db.insert(diningTables).values({ venueId: b.venue.id, roomId: a.room.id, name: '9', maxPax: 2 }),
    );
    expect(refused.code).toBe(FOREIGN_KEY_VIOLATION);
  });

  it('refuses a booking of another venue table or for another venue reservation', async () => {
    const a = await givenVenue();
    const b = await givenVenue();
    const foreignTable = await failure(
      db.insert(tableBookings).values({
        venueId: b.venue.id,
        reservationId: b.reservation.id,
        tableId: a.table.id,
        during: evening('20:00', '22:00'),
        status: 'confirmed',
      }),
    );
    expect(foreignTable.code).toBe(FOREIGN_KEY_VIOLATION);
    const foreignReservation = await failure(
      db.insert(tableBookings).values({
        venueId: b.venue.id,
        reservationId: a.reservation.id,
        tableId: b.table.id,
        during: evening('20:00', '22:00'),
        status: 'confirmed',
      }),
    );
    expect(foreignReservation.code).toBe(FOREIGN_KEY_VIOLATION);
  });

  it('refuses an order line for another venue product', async () => {
    const a = await givenVenue();
    const b = await givenVenue();
    const [product] = await db
      .insert(products)
      .values({ venueId: a.venue.id, sku: 'CAF-1', name: 'Café solo', priceCents: 150, vatRateBp: 1000 })
      .returning();
    const line = {
      venueId: b.venue.id,
      reservationId: b.reservation.id,
      productId: product!.id,
      productSku: 'CAF-1',
      productName: 'Café solo',
      productType: 'bebida',
      priceCents: 150,
      vatRateBp: 1000,
    };
    expect((await failure(db.insert(productOrders).values(line))).code).toBe(FOREIGN_KEY_VIOLATION);
  });
});

describe('status codes', () => {
  it('accepts the spec product order statuses and refuses others', async () => {
    const { venue, reservation } = await givenVenue();
    const [product] = await db
      .insert(products)
      .values({ venueId: venue.id, sku: 'TOR-1', name: 'Tortilla', priceCents: 850, vatRateBp: 1000 })
      .returning();
    const line = (status: number) => ({
      venueId: venue.id,
      reservationId: reservation.id,
      productId: product!.id,
      productSku: 'TOR-1',
      productName: 'Tortilla',
      productType: 'comida',
      priceCents: 850,
      vatRateBp: 1000,
      status,
    });
    for (const status of [0, 1, 2, 3, 4, 5, 6, 7, 100, -1, -2, -3, -4])
      await db.insert(productOrders).values(line(status));
    for (const status of [8, 99, -5]) {
      expect((await failure(db.insert(productOrders).values(line(status)))).code).toBe(CHECK_VIOLATION);
    }
    expect(
      (await failure(db.update(reservations).set({ status: 2 }).where(eq(reservations.id, reservation.id))))
        .code,
    ).toBe(CHECK_VIOLATION);
  });
});

describe('append-only audit log (SEC-11)', () => {
  it('takes new rows but refuses UPDATE, DELETE and TRUNCATE', async () => {
    const { venue } = await givenVenue();
    const [row] = await db
      .insert(auditLog)
      .values({
        venueId: venue.id,
        actorRole: 'TPV',
        action: 'drawer.open',
        entity: 'cash_drawer',
        entityId: '1',
      })
      .returning();
    const update = await failure(
      db.update(auditLog).set({ action: 'nothing' }).where(eq(auditLog.id, row!.id)),
    );
    expect(update).toMatchObject({
      code: RESTRICT_VIOLATION,
      message: expect.stringContaining('append-only'),
    });
    const remove = await failure(db.delete(auditLog).where(eq(auditLog.id, row!.id)));
    expect(remove.code).toBe(RESTRICT_VIOLATION);
    expect((await failure(db.execute(sql`truncate audit_log`))).code).toBe(RESTRICT_VIOLATION);
    const [kept] = await db.select().from(auditLog).where(eq(auditLog.id, row!.id));
    expect(kept?.action).toBe('drawer.open');
  });
});

/** Allocates the next number of a series in the caller's transaction (REL-07). */
async function nextInvoiceNumber(tx: Parameters<Parameters<Database['transaction']>[0]>[0], venueId: number) {
  const [row] = await queryRows<{ last_number: string | number }>(
    tx,
    sql`insert into invoice_series (venue_id, series, kind, last_number) values (${venueId}, 'T', 'simplified', 1)
      on conflict (venue_id, series) do update set last_number = invoice_series.last_number + 1
      returning last_number`,
  );
  return Number(row?.last_number);
}

describe('invoices (REL-07, FIS-05)', () => {
  it('numbers a series without gaps or duplicates, even with concurrent and rolled-back issues', async () => {
    const { venue, reservation } = await givenVenue();
    const attempts = Array.from({ length: 30 }, (_, index) => index);
    const outcomes = await Promise.allSettled(
      attempts.map((index) =>
        db.transaction(async (tx) => {
          const number = await nextInvoiceNumber(tx, venue.id);
          await tx.insert(bills).values({
            venueId: venue.id,
            reservationId: reservation.id,
            type: 1,
            series: 'T',
            number,
            issuedAt: new Date(),
            baseCents: 1000,
            vatCents: 100,
            totalCents: 1100,
          });
          // A payment that fails after the number was taken gives the number back.
          if (index % 7 === 3) throw new Error('card declined');
        }),
      ),
    );
    const committed = outcomes.filter((outcome) => outcome.status === 'fulfilled').length;
    expect(committed).toBe(attempts.filter((index) => index % 7 !== 3).length);
    const numbers = (await db.select({ number: bills.number }).from(bills).where(eq(bills.venueId, venue.id)))
      .map((row) => row.number)
      .sort((x, y) => Number(x) - Number(y));
    expect(numbers).toEqual(Array.from({ length: committed }, (_, index) => index + 1));
  });

  it('refuses a second invoice with the same series and number', async () => {
    const { venue, reservation } = await givenVenue();
    const invoice = {
      venueId: venue.id,
      reservationId: reservation.id,
      type: 1,
      series: 'T',
      number: 1,
      issuedAt: new Date(),
      baseCents: 500,
      vatCents: 50,
      totalCents: 550,
    };
    await db.execute(
      sql`insert into invoice_series (venue_id, series, last_number) values (${venue.id}, 'T', 1)`,
    );
    await db.insert(bills).values(invoice);
    expect((await failure(db.insert(bills).values(invoice))).code).toBe('23505');
  });

  it('keeps an issued invoice as issued: no edit of its fiscal data, no delete', async () => {
    const { venue, reservation } = await givenVenue();
    const invoice = await db.transaction(async (tx) => {
      const number = await nextInvoiceNumber(tx, venue.id);
      const [row] = await tx
        .insert(bills)
        .values({
          venueId: venue.id,
          reservationId: reservation.id,
          type: 1,
          series: 'T',
          number,
          issuedAt: new Date(),
          baseCents: 2000,
          vatCents: 200,
          totalCents: 2200,
        })
        .returning();
      await tx.execute(sql`insert into bill_tax_lines (venue_id, bill_id, vat_rate_bp, base_cents, vat_cents, total_cents)
        values (${venue.id}, ${row!.id}, 1000, 2000, 200, 2200)`);
      return row!;
    });
    const edit = await failure(
      db
        .update(bills)
        .set({ baseCents: 1000, vatCents: 100, totalCents: 1100 })
        .where(eq(bills.id, invoice.id)),
    );
    expect(edit).toMatchObject({ code: RESTRICT_VIOLATION, message: expect.stringContaining('T/1') });
    expect((await failure(db.update(bills).set({ number: 2 }).where(eq(bills.id, invoice.id)))).code).toBe(
      RESTRICT_VIOLATION,
    );
    expect((await failure(db.delete(bills).where(eq(bills.id, invoice.id)))).code).toBe(RESTRICT_VIOLATION);
    expect(
      (await failure(db.execute(sql`delete from bill_tax_lines where bill_id = ${invoice.id}`))).code,
    ).toBe(RESTRICT_VIOLATION);
    // Bookkeeping beside the fiscal data may still be recorded.
    const [paid] = await db
      .update(bills)
      .set({ paidAt: new Date() })
      .where(eq(bills.id, invoice.id))
      .returning();
    expect(paid?.paidAt).toBeInstanceOf(Date);
  });

  it('lets a type-0 bill (the one the guest checks) be redone', async () => {
    const { venue, reservation } = await givenVenue();
    const [draft] = await db
      .insert(bills)
      .values({
        venueId: venue.id,
        reservationId: reservation.id,
        type: 0,
        baseCents: 100,
        vatCents: 10,
        totalCents: 110,
      })
      .returning();
    await db
      .update(bills)
      .set({ baseCents: 200, vatCents: 20, totalCents: 220 })
      .where(eq(bills.id, draft!.id));
    await db.delete(bills).where(eq(bills.id, draft!.id));
    expect(await db.select().from(bills).where(eq(bills.id, draft!.id))).toEqual([]);
  });

  it('refuses totals whose base and VAT do not add up', async () => {
    const { venue, reservation } = await givenVenue();
    const refused = await failure(
      db.insert(bills).values({
        venueId: venue.id,
        reservationId: reservation.id,
        type: 0,
        baseCents: 100,
        vatCents: 10,
        totalCents: 111,
      }),
    );
    expect(refused.code).toBe(CHECK_VIOLATION);
  });
});

describe('card data (PCI-01)', () => {
  it('refuses anything that looks like a card number beside brand, last 4 and auth code', async () => {
    const { venue, reservation } = await givenVenue();
    const payment = (extra: Record<string, unknown>) =>
      db.execute(sql`insert into payments (venue_id, reservation_id, amount_cents, method, card_brand, card_last4, card_auth_code)
        values (${venue.id}, ${reservation.id}, 2200, 'card', ${extra.brand ?? 'VISA'}, ${extra.last4 ?? '4242'}, ${extra.auth ?? 'A1B2C3'})`);
    await payment({});
    expect((await failure(payment({ last4: '4242424242424242' }))).code).toBe(CHECK_VIOLATION);
    expect((await failure(payment({ auth: '4242424242424242' }))).code).toBe(CHECK_VIOLATION);
  });
});

describe('reference data', () => {
  it('has the 14 EU allergens and the euro coins and notes from 1 cent to 500 euros', async () => {
    const allergenRows = await db.select().from(allergens).orderBy(allergens.sortOrder);
    expect(allergenRows.map((row) => row.code)).toEqual([
      'gluten',
      'crustaceans',
      'eggs',
      'fish',
      'peanuts',
      'soybeans',
      'milk',
      'nuts',
      'celery',
      'mustard',
      'sesame',
      'sulphites',
      'lupin',
      'molluscs',
    ]);
    const denominations = await db.select().from(cashDenominations).orderBy(cashDenominations.valueCents);
    expect(denominations.map((row) => row.valueCents)).toEqual([
      1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10000, 20000, 50000,
    ]);
    expect(denominations.filter((row) => row.kind === 'note')).toHaveLength(7);
  });
});
