import type { GuestAccess, ReservationView } from '@sobremesa/contracts';
import { formatLocalDateTime, instantToTimeOfDay, logicalDate } from '@sobremesa/domain';
import type { Executor } from '../../db/database.ts';
import type { MintedCapability } from '../guests/guests.service.ts';
import type { Venue } from '../venues/venues.service.ts';
import { guestMayChange, reservationState } from './reservation-status.ts';
import { guestsOf } from './reservation-guests.repository.ts';
import { liveTablesOf } from './table-bookings.repository.ts';
import { roomNames } from './venue-floor.repository.ts';
import { type ReservationRow } from './reservations.repository.ts';

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
      reference: row.reference,
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

/** The booking page of a guest link: the capability in the fragment never reaches a server log or a Referer. */
export function manageLink(origin: string, uid: string): string {
  return `${origin}/reservar#uid=${encodeURIComponent(uid)}`;
}

/** The read-only GET links of a reservation, with a token of {@link mintAssetToken} (decision 023). */
export function assetLinks(
  origin: string,
  assetToken: string,
): Pick<GuestAccess['links'], 'calendar' | 'qrSvg' | 'qrPng'> {
  const t = encodeURIComponent(assetToken);
  return {
    calendar: `${origin}/world/reservation/calendar.ics?t=${t}`,
    qrSvg: `${origin}/world/reservation/qr.svg?t=${t}`,
    qrPng: `${origin}/world/reservation/qr.png?t=${t}`,
  };
}

/**
 * What the confirmation step and a rotated link get: the guest link (manage and cancel in the fragment)
 * and the read-only links of the calendar and the QR, which carry a short-lived token, never the link.
 */
export function guestAccess(origin: string, capability: MintedCapability, assetToken: string): GuestAccess {
  const manage = manageLink(origin, capability.uid);
  return {
    uid: capability.uid,
    expiresAt: capability.expiresAt.toISOString(),
    checkInCode: capability.checkInCode,
    qrPayload: checkInUrl(origin, capability.checkInCode),
    links: { manage, cancel: `${manage}&action=cancel`, ...assetLinks(origin, assetToken) },
  };
}

/** What the reservation's QR encodes: the menu of the table, which the kiosk reads as a check-in. */
export function checkInUrl(origin: string, checkInCode: string): string {
  return `${origin}/menu?uid=${encodeURIComponent(checkInCode)}`;
}

/**
 * The invitation the host shares (decision 040): the reservation and its invitation code (the check-in code)
 * in the fragment, which never reaches a server log or a Referer.
 */
export function invitationUrl(origin: string, wid: string, checkInCode: string): string {
  return `${origin}/mis-reservas#invitacion=${encodeURIComponent(wid)}&code=${encodeURIComponent(checkInCode)}`;
}
