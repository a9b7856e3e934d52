import type {
  AddToWaitlistRequest,
  FloorReservation,
  WaitlistEntry,
  WaitlistResponse,
  WaitlistStatus,
} from '@sobremesa/contracts';
import { formatOffsetDateTime, logicalDate, quoteWait, type Locale } from '@sobremesa/domain';
import type { AppContext } from '../../context.ts';
import type { Transaction } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { translate } from '../../i18n/messages.ts';
import {
  prepareWalkIn,
  seatingOutlook,
  writeWalkIn,
  type FloorCaller,
  type PreparedWalkIn,
} from '../floor/floor.service.ts';
import { loadBookingProfile, type BookingProfile } from '../reservations/reservations.service.ts';
import { appendEvent } from '../realtime/realtime.service.ts';
import type { Venue } from '../venues/venues.service.ts';
import {
  changeWaitlistEntry,
  insertWaitlistEntry,
  waitingEntries,
  waitlistEntry,
  type WaitlistRow,
} from './waitlist.repository.ts';

/** Every change to the list tells each staff screen (every Sala tablet's list redraws). */
export const WAITLIST_TOPIC = 'waitlist.updated';

function entryOf(venue: Venue, row: WaitlistRow, estimatedMinutes: number | null): WaitlistEntry {
  return {
    id: row.id,
    name: row.name,
    pax: row.pax,
    phone: row.phone,
    notes: row.notes,
    quotedMinutes: row.quotedMinutes,
    estimatedMinutes: row.status === 'waiting' ? estimatedMinutes : null,
    status: row.status as WaitlistStatus,
    reservationId: row.reservationId,
    createdAt: formatOffsetDateTime(row.createdAt, venue.timeZone),
  };
}

function announce(tx: Transaction, venue: Venue, caller: FloorCaller, row: WaitlistRow, action: string) {
  return appendEvent(tx, venue.id, WAITLIST_TOPIC, {
    entryId: row.id,
    action,
    status: row.status,
    reservationId: row.reservationId,
    by: 'staff',
    userId: caller.principal.userId,
  });
}

/**
 * Today's waiting parties and their waits as the floor stands now, in list order (each counts the parties
 * ahead of it), plus `newcomer`'s at the end when given. The venue's seating lock is taken before the list
 * is read, so two parties added at once queue and the second is quoted behind the first. All reads go
 * through `tx` (on the embedded database a second connection would deadlock).
 */
async function waitingWithWaits(
  tx: Transaction,
  venue: Venue,
  profile: BookingProfile,
  newcomer: { pax: number } | null,
  now: Date,
): Promise<{ waiting: WaitlistRow[]; waits: (number | null)[] }> {
  const outlook = await seatingOutlook(tx, venue, profile, now);
  const waiting = await waitingEntries(tx, venue.id, logicalDate(now, venue.timeZone));
  const parties = newcomer ? [...waiting, newcomer] : waiting;
  const waits = parties.map((party, index) =>
    quoteWait(profile.engine, {
      pax: party.pax,
      bookings: outlook.bookings,
      openReservationIds: outlook.openReservationIds,
      ahead: parties.slice(0, index),
      now,
    }),
  );
  return { waiting, waits };
}

/** A party checked and ready to put on the list. */
export interface PreparedParty {
  readonly venue: Venue;
  readonly profile: BookingProfile;
  readonly name: string;
  readonly pax: number;
  readonly phone: string | null;
  readonly notes: string | null;
  readonly locale: Locale;
}

/** Checks a party before any write: a name (no surnames) and a whole positive party, as for De Paso. */
export async function prepareParty(
  ctx: AppContext,
  venue: Venue,
  input: AddToWaitlistRequest,
  locale: Locale,
): Promise<PreparedParty> {
  const { name, pax, profile } = await prepareWalkIn(
    ctx,
    venue,
    { name: input.name, pax: input.pax },
    locale,
  );
  return {
    venue,
    profile,
    name,
    pax,
    phone: input.phone || null,
    notes: input.notes?.trim() || null,
    locale,
  };
}

/**
 * add, inside the caller's (idempotency) transaction: the party joins today's list with a quoted wait (the
 * domain's `quoteWait`: the first table that fits it, after the parties ahead); 400 when no table or
 * combination of the venue seats the party (the host seats it on tables they pick).
 */
export async function addToWaitlist(
  tx: Transaction,
  ctx: AppContext,
  caller: FloorCaller,
  party: PreparedParty,
): Promise<WaitlistEntry> {
  const { venue, pax } = party;
  const now = ctx.clock.now();
  const { waits } = await waitingWithWaits(tx, venue, party.profile, { pax }, now);
  const quoted = waits.at(-1) ?? null;
  if (quoted === null) {
    throw new AppError(400, 'VALIDATION_FAILED', 'waitlist_party_too_large', {
      params: { pax },
      fields: [{ path: 'pax', message: translate('waitlist_party_too_large', party.locale, { pax }) }],
    });
  }
  const row = await insertWaitlistEntry(tx, {
    venueId: venue.id,
    serviceDate: logicalDate(now, venue.timeZone),
    name: party.name,
    pax,
    phone: party.phone,
    notes: party.notes,
    quotedMinutes: quoted,
    createdByUserId: caller.principal.userId,
    createdAt: now,
    updatedAt: now,
  });
  await announce(tx, venue, caller, row, 'add');
  return entryOf(venue, row, quoted);
}

/** list: today's waiting parties, first come first, each with its quoted and its current wait. */
export async function listWaitlist(ctx: AppContext, venue: Venue): Promise<WaitlistResponse> {
  const profile = await loadBookingProfile(ctx, venue);
  return ctx.db.transaction(async (tx) => {
    const now = ctx.clock.now();
    const { waiting, waits } = await waitingWithWaits(tx, venue, profile, null, now);
    return {
      result: 0,
      serverTime: now.toISOString(),
      entries: waiting.map((row, index) => entryOf(venue, row, waits[index] ?? null)),
    };
  });
}

function notOnList(): AppError {
  return new AppError(404, 'NOT_FOUND', 'waitlist_entry_not_found');
}

function notWaiting(row: WaitlistRow): AppError {
  return new AppError(409, 'CONFLICT', 'waitlist_not_waiting', {
    extra: { reason: 'not_waiting', entryId: row.id, status: row.status },
  });
}

/** The entry of this venue (404 for another venue's or an unknown id), read before any write. */
export async function entryToSeat(
  ctx: AppContext,
  venue: Venue,
  entryId: number,
  tableIds: readonly number[] | undefined,
  locale: Locale,
): Promise<PreparedWalkIn> {
  const row = await waitlistEntry(ctx.db, venue.id, entryId);
  if (!row) throw notOnList();
  return prepareWalkIn(
    ctx,
    venue,
    {
      name: row.name,
      pax: row.pax,
      ...(tableIds ? { tableIds: [...tableIds] } : {}),
      ...(row.notes ? { staffComments: row.notes } : {}),
    },
    locale,
  );
}

/**
 * seat, inside the caller's (idempotency) transaction: the entry is locked and must still be waiting
 * (409 otherwise: another tablet seated or removed it), the walk-in reservation is written on the chosen
 * tables or the best free one (the floor's `writeWalkIn`, on the same `tx`), and the entry turns seated
 * with it. Both commit together or neither does.
 * @throws what `writeWalkIn` throws when no table can be had (the route maps it to 409).
 */
export async function seatFromWaitlist(
  tx: Transaction,
  ctx: AppContext,
  caller: FloorCaller,
  prepared: PreparedWalkIn,
  entryId: number,
): Promise<{ entry: WaitlistEntry; reservation: FloorReservation }> {
  const venue = prepared.venue;
  const locked = await waitlistEntry(tx, venue.id, entryId, { lock: true });
  if (!locked) throw notOnList();
  if (locked.status !== 'waiting') throw notWaiting(locked);
  const reservation = await writeWalkIn(tx, ctx, caller, prepared);
  const row = await changeWaitlistEntry(tx, venue.id, locked.id, {
    status: 'seated',
    reservationId: reservation.id,
    updatedAt: ctx.clock.now(),
  });
  await announce(tx, venue, caller, row, 'seat');
  return { entry: entryOf(venue, row, null), reservation };
}

/** remove: the party left on its own or staff took it off the list; 409 once it is off already. */
export async function removeFromWaitlist(
  ctx: AppContext,
  venue: Venue,
  caller: FloorCaller,
  input: { entryId: number; reason: 'left' | 'cancelled' },
): Promise<WaitlistEntry> {
  return ctx.db.transaction(async (tx) => {
    const locked = await waitlistEntry(tx, venue.id, input.entryId, { lock: true });
    if (!locked) throw notOnList();
    if (locked.status !== 'waiting') throw notWaiting(locked);
    const row = await changeWaitlistEntry(tx, venue.id, locked.id, {
      status: input.reason,
      updatedAt: ctx.clock.now(),
    });
    await announce(tx, venue, caller, row, input.reason);
    return entryOf(venue, row, null);
  });
}
