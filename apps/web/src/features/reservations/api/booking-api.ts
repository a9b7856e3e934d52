import type {
  AssetLinksResponse,
  BookingSource,
  BookingWindow,
  GuestUser,
  HoldResponse,
  RegisterReservationResponse,
  ReservationView,
  TimeSlotView,
} from '@sobremesa/contracts';
import { ApiError } from '../../../lib/api-client.ts';
import { isRecord } from '../../../lib/api-client.ts';
import { guestPost, type GuestPostOptions, type Reply } from '../../../lib/guest-post.ts';

/**
 * The guest booking calls (decision 006). Guests have no token: what they may do is decided by the hold
 * token and the guest link (`uid`). Replies are checked by hand like the rest of the guest code (no zod on a
 * guest's phone). These calls need what the shared client does not give: an `Idempotency-Key` header, the
 * fresh time slots of a 409, and `keepalive` for the release sent while the page goes away.
 */

export type { BookingSource };

/** A lost race (409 SLOT_UNAVAILABLE): the server's message and what is left of the date. */
export class SlotUnavailableError extends ApiError {
  constructor(
    message: string,
    readonly timeSlots: readonly TimeSlotView[],
  ) {
    super(409, 'SLOT_UNAVAILABLE', message);
    this.name = 'SlotUnavailableError';
  }
}

/** A room guests may book (`availablerooms`). */
export interface BookableRoom {
  readonly room_id: number;
  readonly name: string;
  readonly maxPax: number;
}

export interface BookingSetup {
  readonly rooms: readonly BookableRoom[];
  readonly bookingWindow: BookingWindow;
}

export interface Availability {
  readonly timeSlots: readonly TimeSlotView[];
  readonly days?: readonly { readonly date: string; readonly available: boolean }[];
}

export interface GuestDetails {
  readonly name: string;
  readonly email: string;
  readonly phone?: string;
  readonly comments?: string;
}

/** A lost race's refusal carries the date's fresh time slots. */
const slotUnavailable = (payload: Reply, message: string) =>
  payload.code === 'SLOT_UNAVAILABLE' && Array.isArray(payload.timeSlots)
    ? new SlotUnavailableError(message, payload.timeSlots as TimeSlotView[])
    : undefined;

const post = <T>(
  path: string,
  body: unknown,
  check: (reply: Reply) => boolean,
  options: GuestPostOptions = {},
) => guestPost<T>(path, body, check, { ...options, refusal: slotUnavailable });

const hasObject = (reply: Reply, key: string) => isRecord(reply[key]);
const hasArray = (reply: Reply, key: string) => Array.isArray(reply[key]);
const hasString = (reply: Reply, key: string) => typeof reply[key] === 'string';

export const bookingApi = {
  /** The rooms guests may book and the booking window (spec §2: the form loads available rooms first). */
  setup: () =>
    post<BookingSetup>(
      '/world/reservation/availablerooms',
      {},
      (reply) => hasArray(reply, 'rooms') && hasObject(reply, 'bookingWindow'),
    ),

  /** The time slots of a date for a party; with `dateFrom`, which dates of the range have any left. */
  availability: (query: { date: string; pax: number; dateFrom?: string; holdToken?: string }) =>
    post<Availability>('/world/reservation/checkavailability', query, (reply) =>
      hasArray(reply, 'timeSlots'),
    ),

  /** Keeps a table for the chosen time; sending the previous token moves or renews the hold. */
  hold: (query: {
    date: string;
    timeSlot: string;
    pax: number;
    roomId?: number;
    holdToken?: string;
    source: BookingSource;
  }) => post<HoldResponse>('/world/reservation/hold', query, (reply) => hasString(reply, 'holdToken')),

  releaseHold: (holdToken: string, keepalive = false) =>
    post<Reply>('/world/reservation/releasehold', { holdToken }, () => true, { keepalive }),

  register: (
    booking: {
      date: string;
      timeSlot: string;
      pax: number;
      roomId?: number;
      holdToken?: string;
      consent: true;
      locale: string;
      source: BookingSource;
    } & GuestDetails,
    idempotencyKey: string,
  ) =>
    post<RegisterReservationResponse>(
      '/world/reservation/register',
      booking,
      (reply) => hasObject(reply, 'reservation') && hasObject(reply, 'links') && hasString(reply, 'uid'),
      { headers: { 'idempotency-key': idempotencyKey } },
    ),

  /** The guest behind a link, with the reservation it belongs to (`reservationWid`). */
  findGuest: (uid: string) =>
    post<{ user: GuestUser }>('/world/api/user/find', { uid }, (reply) => hasObject(reply, 'user')).then(
      (reply) => reply.user,
    ),

  reservationInfo: (reservationId: string | number, uid: string) =>
    post<{ reservation: ReservationView }>(
      '/world/api/reservation/reservationinfo',
      { reservationId, uid },
      (reply) => hasObject(reply, 'reservation'),
    ).then((reply) => reply.reservation),

  /**
   * Fresh read-only links of the reservation's calendar file and QR (decision 023): the guest link goes
   * in the body, the links carry a token that only shows and expires within the hour.
   */
  assetLinks: (uid: string) =>
    post<AssetLinksResponse>('/world/reservation/asset-links', { uid }, (reply) =>
      hasObject(reply, 'links'),
    ).then((reply) => ({ ...reply.links, invitation: reply.invitation })),

  cancel: (reservationId: string | number, uid: string) =>
    post<{ reservation: ReservationView }>(
      '/world/reservation/canceldirect',
      { reservationId, uid },
      (reply) => hasObject(reply, 'reservation'),
    ).then((reply) => reply.reservation),
};

/** The live channel of a date's availability (Server-Sent Events). */
export function availabilityEventsUrl(date: string): string {
  return `/world/reservation/availability-events?date=${encodeURIComponent(date)}`;
}

/** Network failures of a booking are retried with the same Idempotency-Key (REL-03): never two bookings. */
const REGISTER_ATTEMPTS = 3;

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The booking registered, a lost connection tried again twice under the same key before it is reported. */
export async function registerBooking(
  booking: Parameters<typeof bookingApi.register>[0],
  idempotencyKey: string,
): Promise<RegisterReservationResponse> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await bookingApi.register(booking, idempotencyKey);
    } catch (error) {
      if (!(error instanceof ApiError) || error.code !== 'NETWORK' || attempt >= REGISTER_ATTEMPTS)
        throw error;
      await wait(500 * attempt);
    }
  }
}
