import {
  addGuestRequestSchema,
  addUserRequestSchema,
  availabilityEventsQuerySchema,
  availableRoomsRequestSchema,
  AVAILABILITY_EVENTS_PATH,
  cancelDirectRequestSchema,
  assetLinksRequestSchema,
  assetTokenQuerySchema,
  checkAvailabilityRequestSchema,
  holdRequestSchema,
  registerReservationRequestSchema,
  releaseHoldRequestSchema,
  removeInviteeRequestSchema,
  reservationInfoRequestSchema,
  rotateLinkRequestSchema,
  updateReservationRequestSchema,
  userFutureRequestSchema,
  type ReservationView,
  assetLinksResponseSchema,
  availableRoomsResponseSchema,
  checkAvailabilityResponseSchema,
  holdResponseSchema,
  registerReservationResponseSchema,
  rotateLinkResponseSchema,
  userFutureResponseSchema,
  reservationResponseSchema,
  guestsResponseSchema,
} from '@sobremesa/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { hijackForEventStream, StreamGate, streamLimits } from '../../http/event-stream.ts';
import { idempotentOutcome, type IdempotentOutcome } from '../../http/idempotency.ts';
import { requestLocale } from '../../http/locale.ts';
import { requestOrigin } from '../../http/security.ts';
import { contractRoutes } from '../../http/route-schemas.ts';
import { capabilityHash, checkInCodeFor, type MintedCapability } from '../guests/guests.service.ts';
import { clientNetworkKey } from '../../lib/client-network.ts';
import type { RateLimitRule } from '../rate-limit/rate-limit.service.ts';
import { AvailabilityEvents, MAX_STREAMS_PER_ADDRESS } from './availability-events.ts';
import { confirmationEmail, emailLocale, qrPng, qrSvg, reservationCalendar } from './confirmation-email.ts';
import { mintAssetToken, reservationOfAssetToken } from './reservation-assets.ts';
import { assetLinks, checkInUrl, guestAccess, invitationUrl } from './reservation-view.ts';
import {
  addUserToReservation,
  asSlotUnavailable,
  availableRooms,
  cancelReservation,
  checkAvailability,
  futureReservations,
  holdTime,
  joinReservation,
  mintReplayLink,
  nameInvitee,
  prepareRegistration,
  releaseHold,
  removeInvitee,
  reservationInfo,
  reservationOfLink,
  rotateLink,
  updateReservation,
  writeRegistration,
} from './reservations.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Open booking forms' live availability streams of this instance. */
    availabilityEvents: AvailabilityEvents;
  }
}

/** SEC-04: reservations created per address (a family or an office books a few; a script books many). */
export const REGISTER_PER_ADDRESS: RateLimitRule = {
  name: 'reservation-register',
  max: 20,
  windowSeconds: 600,
};
/** Holds per address: a guest trying times moves their hold; a script holding tables is stopped. */
export const HOLD_PER_ADDRESS: RateLimitRule = { name: 'reservation-hold', max: 60, windowSeconds: 600 };
/** Companions joining per address (each creates a guest). */
export const JOIN_PER_ADDRESS: RateLimitRule = { name: 'reservation-join', max: 30, windowSeconds: 600 };

/** The stored reply of a registration (without the capability). */
interface StoredRegistration {
  result: 0;
  reservation: ReservationView;
}

/** Staff taking a booking through the guest call are not throttled as an address. */
function companionOf(guest: { id: number; name: string } | undefined, name: string) {
  return { id: guest?.id ?? 0, name: guest?.name ?? name, isHost: false };
}

async function throttleGuest(ctx: AppContext, request: FastifyRequest, rule: RateLimitRule): Promise<void> {
  if (request.staff) return;
  await ctx.rateLimiter.consume(rule, request.ip);
}

/** Reservation calls of spec §7 for guests (no login: capabilities) and the booking form's live channel. */
export async function registerReservationRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const api = contractRoutes(app);
  const events = new AvailabilityEvents(ctx, app.log);
  app.decorate('availabilityEvents', events);
  app.addHook('preClose', async () => events.closeAll());
  app.addHook('onClose', async () => {
    await events.stop();
    await ctx.mailer.close();
  });

  api.post(
    '/world/reservation/checkavailability',
    {
      schema: { body: checkAvailabilityRequestSchema, response: { '2xx': checkAvailabilityResponseSchema } },
      config: { access: 'public' },
    },
    async (request) => {
      const body = request.body;
      return checkAvailability(ctx, request.venue, body);
    },
  );

  api.post(
    '/world/reservation/availablerooms',
    {
      schema: { body: availableRoomsRequestSchema, response: { '2xx': availableRoomsResponseSchema } },
      config: { access: 'public' },
    },
    async (request) => {
      const body = request.body;
      return availableRooms(ctx, request.venue, body);
    },
  );

  api.post(
    '/world/reservation/hold',
    {
      schema: { body: holdRequestSchema, response: { '2xx': holdResponseSchema } },
      config: { access: 'public' },
    },
    async (request, reply) => {
      const body = request.body;
      await throttleGuest(ctx, request, HOLD_PER_ADDRESS);
      // Guests are bounded by their network; staff holding from the copilot are not.
      const holder = request.staff ? undefined : clientNetworkKey(request.ip);
      return reply.status(201).send(await holdTime(ctx, request.venue, body, holder));
    },
  );

  api.post(
    '/world/reservation/releasehold',
    { schema: { body: releaseHoldRequestSchema }, config: { access: 'public' } },
    async (request) => {
      const body = request.body;
      await releaseHold(ctx, request.venue, body.holdToken);
      return { result: 0 };
    },
  );

  api.post(
    '/world/reservation/register',
    {
      schema: {
        body: registerReservationRequestSchema,
        response: { '2xx': registerReservationResponseSchema },
      },
      config: { access: 'public' },
    },
    async (request, reply) => {
      const body = request.body;
      const venue = request.venue;
      const locale = body.locale ?? requestLocale(request);
      const prepared = await prepareRegistration(ctx, venue, { ...body, locale }, locale);
      await throttleGuest(ctx, request, REGISTER_PER_ADDRESS);
      // REL-03: keys are scoped to the caller: staff, the hold (its hash, never the token), or the address.
      const actor = request.staff
        ? `staff:${request.staff.userId}`
        : body.holdToken
          ? `hold:${capabilityHash(body.holdToken)}`
          : `ip:${request.ip}`;
      let written: Awaited<ReturnType<typeof writeRegistration>> | undefined;
      let outcome: IdempotentOutcome;
      try {
        outcome = await idempotentOutcome(
          ctx,
          request,
          { venueId: venue.id, actor, route: 'reservation/register' },
          async (tx) => {
            written = await writeRegistration(tx, ctx, prepared);
            return { status: 201, body: written.body };
          },
        );
      } catch (error) {
        throw await asSlotUnavailable(ctx, prepared.profile, body, error);
      }
      // The stored reply never holds a capability: the guest's link is added to it after the commit.
      const stored = outcome.body as StoredRegistration;
      const minted: MintedCapability =
        written?.minted ?? (await mintReplayLink(ctx, venue, stored.reservation.id));
      const origin = requestOrigin(request);
      const asset = await mintAssetToken(ctx.db, venue.id, minted.checkInCode, ctx.clock.now());
      const access = guestAccess(origin, minted, asset.token);
      let emailStatus: 'sending' | 'disabled' | 'not_sent' = 'not_sent';
      if (written) {
        emailStatus = ctx.mailer.enabled ? 'sending' : 'disabled';
        if (ctx.mailer.enabled) {
          // After the commit: a failed send is logged and never undoes the booking.
          const message = await confirmationEmail({
            to: prepared.email,
            reservation: stored.reservation,
            access,
            startsAt: written.reservation.startsAt,
            endsAt: written.reservation.endsAt,
            origin,
            host: request.hostname,
            locale: emailLocale(prepared.locale),
            now: ctx.clock.now(),
          });
          ctx.mailer.sendInBackground(message, request.log, { reservationId: stored.reservation.id });
        }
      }
      if (outcome.replayed) reply.header('idempotent-replayed', 'true');
      return reply.status(outcome.status).send({ ...stored, emailStatus, ...access });
    },
  );

  api.post(
    '/world/reservation/canceldirect',
    {
      schema: { response: { '2xx': reservationResponseSchema }, body: cancelDirectRequestSchema },
      config: { access: 'public' },
    },
    async (request) => {
      const body = request.body;
      const reservation = await cancelReservation(ctx, request.venue, {
        ref: body.reservationId,
        uid: body.uid,
      });
      return { result: 0, reservation };
    },
  );

  api.post(
    '/world/reservation/userfuture',
    {
      schema: { body: userFutureRequestSchema, response: { '2xx': userFutureResponseSchema } },
      config: { access: 'public' },
    },
    async (request) => {
      const body = request.body;
      return { result: 0, reservations: await futureReservations(ctx, request.venue, body.uid) };
    },
  );

  api.post(
    '/world/reservation/removeinvitee',
    {
      schema: { response: { '2xx': guestsResponseSchema }, body: removeInviteeRequestSchema },
      config: { access: 'public' },
    },
    async (request) => {
      const body = request.body;
      const guests = await removeInvitee(ctx, request.venue, {
        ref: body.reservationId,
        userId: body.userId,
        uid: body.uid,
        staff: request.staff,
      });
      return { result: 0, guests };
    },
  );

  api.post(
    '/world/reservation/rotatelink',
    {
      schema: { body: rotateLinkRequestSchema, response: { '2xx': rotateLinkResponseSchema } },
      config: { access: 'public' },
    },
    async (request) => {
      const body = request.body;
      const minted = await rotateLink(ctx, request.venue, body.uid);
      const asset = await mintAssetToken(ctx.db, request.venue.id, minted.checkInCode, ctx.clock.now());
      return { result: 0, ...guestAccess(requestOrigin(request), minted, asset.token) };
    },
  );

  // The guest link's page asks for fresh read-only links in a POST body, so the link stays out of URLs.
  api.post(
    '/world/reservation/asset-links',
    {
      schema: { body: assetLinksRequestSchema, response: { '2xx': assetLinksResponseSchema } },
      config: { access: 'public' },
    },
    async (request) => {
      const { uid } = request.body;
      const { row } = await reservationOfLink(ctx, request.venue, uid);
      const asset = await mintAssetToken(ctx.db, request.venue.id, checkInCodeFor(uid), ctx.clock.now());
      const origin = requestOrigin(request);
      return {
        result: 0,
        links: assetLinks(origin, asset.token),
        invitation: invitationUrl(origin, row.wid, checkInCodeFor(uid)),
        expiresAt: asset.expiresAt.toISOString(),
      };
    },
  );

  api.post(
    '/world/api/reservation/adduser',
    {
      schema: { response: { '2xx': guestsResponseSchema }, body: addUserRequestSchema },
      config: { access: 'public' },
    },
    async (request) => {
      const body = request.body;
      const guests = await addUserToReservation(ctx, request.venue, {
        wid: body.reservationWid,
        userId: body.userId,
        uid: body.uid,
        staff: request.staff,
      });
      return { result: 0, guests };
    },
  );

  api.post(
    '/world/api/reservation/addguest',
    { schema: { body: addGuestRequestSchema }, config: { access: 'public' } },
    async (request) => {
      const body = request.body;
      await throttleGuest(ctx, request, JOIN_PER_ADDRESS);
      const invitee = {
        wid: body.reservationWid,
        hostCode: body.hostCode,
        name: body.invitedUserName,
        consent: false,
      };
      if (!body.createGuest) {
        // A name on the guest list without a link of its own (decision 040).
        const named = await nameInvitee(ctx, request.venue, invitee);
        return { result: 0, guest: companionOf(named.guest, invitee.name), guests: named.guests };
      }
      const joined = await joinReservation(ctx, request.venue, invitee);
      return {
        result: 0,
        guest: companionOf(joined.guest, invitee.name),
        uid: joined.uid,
        expiresAt: joined.expiresAt.toISOString(),
        guests: joined.guests,
      };
    },
  );

  api.post(
    '/world/api/reservation/reservationinfo',
    {
      schema: { response: { '2xx': reservationResponseSchema }, body: reservationInfoRequestSchema },
      config: { access: 'public' },
    },
    async (request) => {
      const body = request.body;
      const reservation = await reservationInfo(ctx, request.venue, {
        ref: body.reservationId,
        uid: body.uid,
        staff: request.staff,
      });
      return { result: 0, reservation };
    },
  );

  api.post(
    '/world/api/reservation/updatereservation',
    {
      schema: { response: { '2xx': reservationResponseSchema }, body: updateReservationRequestSchema },
      config: { access: 'public' },
    },
    async (request) => {
      const body = request.body;
      const reservation = await updateReservation(
        ctx,
        request.venue,
        body,
        request.staff,
        requestLocale(request),
      );
      return { result: 0, reservation };
    },
  );

  // GET calls a browser or a calendar app fetches: a read-only, short-lived token, never the guest link.
  api.get(
    '/world/reservation/calendar.ics',
    { schema: { querystring: assetTokenQuerySchema }, config: { access: 'public' } },
    async (request, reply) => {
      const { t } = request.query;
      const { row, view } = await reservationOfAssetToken(ctx, request.venue, t);
      const ics = reservationCalendar(view, row.startsAt, row.endsAt, {
        host: request.hostname,
        origin: requestOrigin(request),
        locale: emailLocale(view.locale ?? requestLocale(request)),
        now: ctx.clock.now(),
      });
      return reply
        .header('content-type', 'text/calendar; charset=utf-8')
        .header('content-disposition', `attachment; filename="reserva-${view.date}.ics"`)
        .send(ics);
    },
  );

  for (const format of ['svg', 'png'] as const) {
    api.get(
      `/world/reservation/qr.${format}`,
      { schema: { querystring: assetTokenQuerySchema }, config: { access: 'public' } },
      async (request, reply) => {
        const { t } = request.query;
        const { checkInCode } = await reservationOfAssetToken(ctx, request.venue, t);
        const payload = checkInUrl(requestOrigin(request), checkInCode);
        return format === 'svg'
          ? reply.header('content-type', 'image/svg+xml; charset=utf-8').send(await qrSvg(payload))
          : reply.header('content-type', 'image/png').send(await qrPng(payload));
      },
    );
  }

  const streams = new StreamGate(streamLimits(MAX_STREAMS_PER_ADDRESS, ctx.settings.streamLimits));
  api.get(
    AVAILABILITY_EVENTS_PATH,
    { schema: { querystring: availabilityEventsQuerySchema }, config: { access: 'public', stream: true } },
    async (request, reply) => {
      const { date } = request.query;
      const venueId = request.venue.id;
      hijackForEventStream(request, reply, streams, (response) => events.open(response, { venueId, date }));
    },
  );

  await events.start();
}
