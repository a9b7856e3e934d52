import type {
  FloorReservation,
  KioskRegisterResponse,
  KioskScanRequest,
  KioskScanResult,
  KioskTable,
  KioskWalkInRequest,
  KioskWalkInResponse,
} from '@sobremesa/contracts';
import { isDeactivatedState, logicalDate, reservationStateOf, type Locale } from '@sobremesa/domain';
import type { AppContext } from '../../context.ts';
import type { Transaction } from '../../db/database.ts';
import { roomsWithTables } from '../config/config.service.ts';
import {
  isNoTable,
  prepareWalkIn,
  seatArrival,
  writeWalkIn,
  type FloorCaller,
} from '../floor/floor.service.ts';
import { raiseKioskNotification } from '../notifications/notifications.service.ts';
import {
  isExclusionViolation,
  loadBookingProfile,
  staffReservation,
  type BookingProfile,
} from '../reservations/reservations.service.ts';
import type { Venue } from '../venues/venues.service.ts';
import { findCheckInReservation } from './check-in-code.ts';
import { recordReading } from './door-log.service.ts';

/** How often a kiosk walk-in is seated again when a concurrent seating took its table first. */
const WALK_IN_ATTEMPTS = 3;

/** The door log's text of each result (staff read it in the copilot; the kiosk shows its own). */
const RESULT_TEXT: Record<KioskScanResult, string> = {
  0: 'check-in',
  1: 'no reservation today',
  2: 'reservation for another day',
  [-1]: 'code not recognised',
};

/** What a check-in reads before its transaction (PGlite runs one statement stream at a time). */
interface Floor {
  readonly profile: BookingProfile;
  readonly roomNames: ReadonlyMap<number, string>;
}

async function loadFloor(ctx: AppContext, venue: Venue): Promise<Floor> {
  const [profile, floor] = await Promise.all([loadBookingProfile(ctx, venue), roomsWithTables(ctx, venue)]);
  return { profile, roomNames: new Map(floor.rooms.map((room) => [room.room_id, room.name])) };
}

/** The tables of a floor view as a guest finds them: the table's name and its room's. */
function kioskTables(floor: Floor, view: FloorReservation): KioskTable[] {
  return view.tables.map((table) => ({ name: table.name, roomName: floor.roomNames.get(table.room) ?? '' }));
}

interface ScanOutcome {
  readonly reply: KioskRegisterResponse;
  readonly reservationId: number | null;
}

function outcome(
  scanResult: KioskScanResult,
  reservationId: number | null = null,
  rest: Partial<KioskRegisterResponse> = {},
): ScanOutcome {
  return {
    reservationId,
    reply: {
      result: 0,
      scanResult,
      name: null,
      pax: null,
      date: null,
      tables: [],
      staffCalled: false,
      ...rest,
    },
  };
}

/** The check-in itself, inside the transaction that also writes the door log entry. */
async function checkIn(
  tx: Transaction,
  ctx: AppContext,
  venue: Venue,
  caller: FloorCaller,
  floor: Floor,
  code: string,
): Promise<ScanOutcome> {
  const now = ctx.clock.now();
  const lookup = await findCheckInReservation(tx, venue, code, now);
  if (lookup.kind === 'unknown') return outcome(-1);
  const row = await staffReservation(tx, venue, lookup.reservationId, { lock: true }).catch(() => null);
  if (!row) return outcome(-1);
  const who = { name: row.name, pax: row.pax };
  if (lookup.kind === 'expired' || isDeactivatedState(reservationStateOf(row))) {
    return outcome(1, row.id, who);
  }
  const date = logicalDate(row.startsAt, venue.timeZone);
  if (date !== logicalDate(now, venue.timeZone)) return outcome(2, row.id, { ...who, date });
  const { view, seated } = await seatArrival(tx, ctx, caller, venue, floor.profile, row);
  const tables = seated ? kioskTables(floor, view) : [];
  await raiseKioskNotification(tx, venue.id, {
    kind: 'qr_scan',
    reservationId: row.id,
    data: { name: row.name, pax: row.pax, tables: tables.map((table) => table.name), needsTable: !seated },
    at: now,
  });
  return outcome(0, row.id, { ...who, date, tables, staffCalled: !seated });
}

/**
 * kiosk/register: a guest shows their booking's QR (or types its code). In one transaction the booking is
 * checked in (seated, with a table if it had none), Sala is told (`kiosk_qr_scan`) and the door log keeps
 * the reading and its result, which the reply's `scanResult` carries (0, 1, 2 or -1).
 */
export async function registerScan(
  ctx: AppContext,
  venue: Venue,
  caller: FloorCaller,
  input: KioskScanRequest & { agent: string },
): Promise<KioskRegisterResponse> {
  const floor = await loadFloor(ctx, venue);
  return ctx.db.transaction(async (tx) => {
    const { reply, reservationId } = await checkIn(tx, ctx, venue, caller, floor, input.code);
    await recordReading(tx, ctx, venue, {
      code: input.code,
      agent: input.agent,
      text: input.text?.trim() || RESULT_TEXT[reply.scanResult],
      result: reply.scanResult,
      reservationId,
      userId: caller.principal.userId,
    });
    return reply;
  });
}

/**
 * kiosk/createwalkin: a party without a booking gives its size and a first name. The best table free now
 * is theirs (a walk-in account, seated); without one nothing is created and staff are called. Either way
 * Sala hears `kiosk_walk_in`.
 */
export async function kioskWalkIn(
  ctx: AppContext,
  venue: Venue,
  caller: FloorCaller,
  input: KioskWalkInRequest,
  locale: Locale,
): Promise<KioskWalkInResponse> {
  const prepared = await prepareWalkIn(ctx, venue, { name: input.name, pax: input.pax }, locale);
  const floor = await loadFloor(ctx, venue);
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await ctx.db.transaction(async (tx) => {
        const view = await writeWalkIn(tx, ctx, caller, prepared);
        const tables = kioskTables(floor, view);
        await raiseKioskNotification(tx, venue.id, {
          kind: 'walk_in',
          reservationId: view.id,
          data: {
            name: view.name,
            pax: view.pax,
            tables: tables.map((table) => table.name),
            needsTable: false,
          },
          at: ctx.clock.now(),
        });
        return { result: 0 as const, name: view.name, pax: view.pax, tables, staffCalled: false };
      });
    } catch (error) {
      if (attempt < WALK_IN_ATTEMPTS && isExclusionViolation(error)) continue;
      // A table taken again and again by concurrent seatings is, for the guest, no table: staff come.
      if (!isNoTable(error) && !isExclusionViolation(error)) throw error;
    }
    return ctx.db.transaction(async (tx) => {
      await raiseKioskNotification(tx, venue.id, {
        kind: 'walk_in',
        reservationId: null,
        data: { name: prepared.name, pax: prepared.pax, tables: [], needsTable: true },
        at: ctx.clock.now(),
      });
      return { result: 0 as const, name: prepared.name, pax: prepared.pax, tables: [], staffCalled: true };
    });
  }
}
