// The floor's reads: the service day, account search, a guest's details and the QR codes staff show.
import type { FloorReservation, GetByDayResponse } from '@sobremesa/contracts';
import {
  checkTransition,
  logicalDate,
  normalizeBookingReference,
  relativeDayLabel,
  reservationStateOf,
  tableStatusOf,
  type IsoDate,
  isTableShape,
} from '@sobremesa/domain';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../http/app-error.ts';
import { floorWithRows } from '../config/config.service.ts';
import { mintToken } from '../guests/guests.service.ts';
import {
  checkInUrl,
  guestVisits,
  loadBookingProfile,
  reservationGuests,
  reservationsOfServiceDay,
  staffReservation,
} from '../reservations/reservations.service.ts';
import type { Venue } from '../venues/venues.service.ts';
import { floorSnapshot, floorView } from './floor-view.ts';
import { allergensOfGuests } from './floor.repository.ts';

import { stateConflict } from './floor-refusals.ts';

/** An account QR keeps working this long after the reservation's planned end (or after it is shown). */
const ACCOUNT_QR_LIFETIME_AFTER_END_MS = 6 * 3600 * 1000;

/**
 * getbyday: the service day (06:00 to 06:00) with every reservation as staff see it, its service events,
 * the spec's lists and the floor plan's table states at the server's time.
 */
export async function serviceDay(
  ctx: AppContext,
  venue: Venue,
  date: IsoDate | undefined,
): Promise<GetByDayResponse> {
  const now = ctx.clock.now();
  const today = logicalDate(now, venue.timeZone);
  const day = date ?? today;
  const profile = await loadBookingProfile(ctx, venue);
  const rows = await reservationsOfServiceDay(ctx.db, venue, day);
  const snapshot = await floorSnapshot(ctx.db, venue, profile, rows);
  const floor = await floorWithRows(ctx, venue);
  const roomNames = new Map(floor.rooms.map((room) => [room.room_id, room.name]));
  const lists: GetByDayResponse['lists'] = {
    toCome: [],
    seated: [],
    forPayment: [],
    absent: [],
    finished: [],
  };
  for (const view of snapshot.views) if (view.list) lists[view.list].push(view.id);
  return {
    result: 0,
    date: day,
    logicalDate: today,
    dayLabel: relativeDayLabel(day, today),
    serverTime: now.toISOString(),
    timeZone: venue.timeZone,
    reservations: snapshot.views,
    serviceEvents: snapshot.serviceEvents,
    lists,
    tables: floor.tableRows.map((row) => {
      const status = tableStatusOf(row.id, snapshot.facts, now);
      return {
        table_id: row.id,
        name: row.name,
        room: row.roomId,
        roomName: roomNames.get(row.roomId) ?? '',
        minPax: row.minPax,
        maxPax: row.maxPax,
        active: profile.engine.tables.find((candidate) => candidate.id === row.id)?.active !== false,
        ...status,
        layout: {
          shape: isTableShape(row.shape) ? row.shape : 'square',
          x: row.x,
          y: row.y,
          width: row.width,
          height: row.height,
          rotation: row.rotation,
        },
      };
    }),
    rooms: floor.rooms.map((room) => {
      const row = floor.roomRows.find((candidate) => candidate.id === room.room_id);
      const planned = row && row.planWidth !== null && row.planHeight !== null;
      return {
        id: room.room_id,
        name: room.name,
        plan: planned ? { width: row.planWidth!, height: row.planHeight! } : null,
      };
    }),
  };
}

function normalise(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .trim();
}

/**
 * search-account: the day's accounts whose name contains `q` (accents and case ignored), that sit at a table
 * named `q` (or `mesa q`), whose booking reference is `q` (as typed: any case, spaces or dashes), or whose
 * wid starts with `q` (4 characters or more) or id is `q`.
 */
export async function searchAccounts(
  ctx: AppContext,
  venue: Venue,
  input: { q: string; date?: IsoDate },
): Promise<FloorReservation[]> {
  const now = ctx.clock.now();
  const day = input.date ?? logicalDate(now, venue.timeZone);
  const profile = await loadBookingProfile(ctx, venue);
  const rows = await reservationsOfServiceDay(ctx.db, venue, day);
  const { views } = await floorSnapshot(ctx.db, venue, profile, rows);
  const q = normalise(input.q);
  const tableQuery = q.replace(/^mesa\s+/, '');
  const reference = normalizeBookingReference(input.q);
  return views.filter(
    (view) =>
      (reference !== null && view.reference === reference) ||
      normalise(view.name).includes(q) ||
      view.tables.some((table) => normalise(table.name) === tableQuery) ||
      (q.length >= 4 && view.wid.toLowerCase().startsWith(q)) ||
      String(view.id) === q,
  );
}

/** user-details: the reservation and the guests behind it (contact, language, allergens, earlier visits). */
export async function userDetails(ctx: AppContext, venue: Venue, ref: number | string) {
  const profile = await loadBookingProfile(ctx, venue);
  const row = await staffReservation(ctx.db, venue, ref);
  const reservation = await floorView(ctx.db, venue, profile, row);
  const guests = await reservationGuests(ctx.db, venue, [row.id]);
  const guestIds = guests.map((guest) => guest.id);
  const allergens = await allergensOfGuests(ctx.db, venue.id, guestIds);
  const visits = await guestVisits(ctx.db, venue, guestIds, row.startsAt);
  return {
    reservation,
    guests: guests.map((guest) => ({
      id: guest.id,
      name: guest.name,
      email: guest.email,
      phone: guest.phone,
      locale: guest.locale,
      isHost: guest.isHost,
      allergenIds: allergens.get(guest.id) ?? [],
      visits: visits.get(guest.id) ?? 0,
    })),
  };
}

/** review-qr: the venue's Google-review link (venueConfig.reviewGoogleMapsUrl), what the QR encodes. */
export function reviewQr(venue: Venue): { url: string } {
  const url = venue.settings.reviewGoogleMapsUrl.trim();
  if (!url) throw new AppError(404, 'NOT_FOUND', 'review_url_missing');
  return { url };
}

/**
 * account-qr: a fresh invitation capability (purpose `menu`, SEC-09: 256 random bits, only its hash
 * stored) for the reservation's account; a guest scanning `<origin>/menu?uid=<code>` joins the table's
 * account from their phone (the reservations module's join). Refused for ended reservations.
 */
export async function accountQr(
  ctx: AppContext,
  venue: Venue,
  input: { ref: number | string },
  origin: string,
) {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const row = await staffReservation(tx, venue, input.ref, { lock: true });
    const check = checkTransition(reservationStateOf(row), 'accountQr');
    if (!check.allowed)
      throw stateConflict('accountQr', row, check.reason === 'finished' ? 'finished' : 'invalid_transition');
    const expiresAt = new Date(
      Math.max(row.endsAt.getTime(), now.getTime()) + ACCOUNT_QR_LIFETIME_AFTER_END_MS,
    );
    const uid = await mintToken(tx, {
      venueId: venue.id,
      reservationId: row.id,
      guestId: null,
      purpose: 'menu',
      expiresAt,
    });
    return {
      reservationId: row.id,
      wid: row.wid,
      uid,
      url: checkInUrl(origin, uid),
      expiresAt: expiresAt.toISOString(),
    };
  });
}
