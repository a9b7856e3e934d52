import type { GuestAccess, ReservationView } from '@sobremesa/contracts';
import { formatLocalDateTime, instantToTimeOfDay, logicalDate } from '@sobremesa/domain';
import type { Executor } from '../../db/database.ts';
import type { MintedCapability } from '../guests/guests.service.ts';
import type { Venue } from '../venues/venues.service.ts';
import { guestMayChange, reservationState } from './reservation-status.ts';
import { guestsOf, liveTablesOf, roomNames, type ReservationRow } from './reservations.repository.ts';

/** Who is looking: staff and the booking guest see contact details; companions (check-in code) do not. */
export type Viewer = 'staff' | 'host' | 'companion';

/** Reservations as guests and staff screens see them (spec §3 "Reservation"), read in one go. */
export async function reservationViews(
  db: Executor,
  venue: Venue,
  rows: readonly ReservationRow[],
  now: Date,
  viewer: Viewer,
): Promise<ReservationView[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  // Sequential: `db` may be a transaction (one connection).
  const rooms = await roomNames(db, venue.id);
  const tables = await liveTablesOf(db, venue.id, ids);
  const guests = await guestsOf(db, venue.id, ids);
  return rows.map((row) => {
    const host = guests.find((guest) => guest.reservationId === row.id && guest.id === row.guestId);
    const tableNames = tables.filter((table) => table.reservationId === row.id).map((table) => table.name);
    const showContact = viewer !== 'companion';
    return {
      id: row.id,
      wid: row.wid,
      status: row.status,
      state: reservationState(row),
      date: logicalDate(row.startsAt, venue.timeZone),
      timeSlot: instantToTimeOfDay(row.startsAt, venue.timeZone),
      startDateTime: formatLocalDateTime(row.startsAt, venue.timeZone),
      endDateTime: formatLocalDateTime(row.endsAt, venue.timeZone),
      finishedDateTime: row.finishedAt ? formatLocalDateTime(row.finishedAt, venue.timeZone) : null,
      duration: Math.round((row.endsAt.getTime() - row.startsAt.getTime()) / 60_000),
      pax: row.pax,
      roomId: row.roomId,
      roomName: row.roomId === null ? null : (rooms.get(row.roomId) ?? null),
      zone: row.zone ?? (row.roomId === null ? null : (rooms.get(row.roomId) ?? null)),
      table: tableNames.length > 0 ? tableNames.join('+') : null,
      name: row.name,
      email: showContact ? (host?.email ?? null) : null,
      phone: showContact ? (host?.phone ?? null) : null,
      comments: showContact ? row.guestComments : null,
      locale: host?.locale ?? null,
      menuAccessEnabled: row.menuAccessEnabled ? 1 : 0,
      canChange: guestMayChange(row, now),
      guests: guests
        .filter((guest) => guest.reservationId === row.id)
        .map((guest) => ({ id: guest.id, name: guest.name, isHost: guest.isHost })),
      venue: { business_name: venue.businessName, timeZone: venue.timeZone },
    };
  });
}

export async function reservationView(
  db: Executor,
  venue: Venue,
  row: ReservationRow,
  now: Date,
  viewer: Viewer,
): Promise<ReservationView> {
  const [view] = await reservationViews(db, venue, [row], now, viewer);
  if (!view) throw new Error('no view');
  return view;
}

/** The booking page and the GET calls of a guest link, absolute on the venue's origin. */
export function guestAccess(origin: string, capability: MintedCapability): GuestAccess {
  const uid = encodeURIComponent(capability.uid);
  return {
    uid: capability.uid,
    expiresAt: capability.expiresAt.toISOString(),
    checkInCode: capability.checkInCode,
    qrPayload: checkInUrl(origin, capability.checkInCode),
    links: {
      // In the fragment: the capability never reaches a server log or a Referer.
      manage: `${origin}/reservar#uid=${uid}`,
      cancel: `${origin}/reservar#uid=${uid}&action=cancel`,
      calendar: `${origin}/world/reservation/calendar.ics?uid=${uid}`,
      qrSvg: `${origin}/world/reservation/qr.svg?uid=${uid}`,
      qrPng: `${origin}/world/reservation/qr.png?uid=${uid}`,
    },
  };
}

/** What the reservation's QR encodes: the menu of the table, which the kiosk reads as a check-in. */
export function checkInUrl(origin: string, checkInCode: string): string {
  return `${origin}/menu?uid=${encodeURIComponent(checkInCode)}`;
}
