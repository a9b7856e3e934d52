import {
  doneReplySchema,
  availabilityEventsQuerySchema,
  availableRoomsRequestSchema,
  AVAILABILITY_EVENTS_PATH,
  checkAvailabilityRequestSchema,
  holdRequestSchema,
  registerReservationRequestSchema,
  releaseHoldRequestSchema,
  type ReservationView,
  availableRoomsResponseSchema,
  checkAvailabilityResponseSchema,
  holdResponseSchema,
  registerReservationResponseSchema,
} from '@sobremesa/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { hijackForEventStream, StreamGate, streamLimits } from '../../http/event-stream.ts';
import { idempotentOutcome, type IdempotentOutcome } from '../../http/idempotency.ts';
import { requestLocale } from '../../http/locale.ts';
import { requestOrigin } from '../../http/security.ts';
import { contractRoutes } from '../../http/route-schemas.ts';
import { capabilityHash, type MintedCapability } from '../guests/guests.service.ts';
import { clientNetworkKey } from '../../lib/client-network.ts';
import type { RateLimitRule } from '../rate-limit/rate-limit.service.ts';
import { AvailabilityEvents, MAX_STREAMS_PER_ADDRESS } from './availability-events.ts';
import { registerReservationLinkRoutes, throttleGuest } from './reservation-link.routes.ts';
import { confirmationEmail, emailLocale } from './confirmation-email.ts';
import { mintAssetToken } from './reservation-assets.ts';
import { guestAccess } from './reservation-view.ts';
import {
  asSlotUnavailable,
  availableRooms,
  checkAvailability,
  holdTime,
  mintReplayLink,
  prepareRegistration,
  releaseHold,
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

/** The stored reply of a registration (without the capability). */
interface StoredRegistration {
  result: 0;
  reservation: ReservationView;
}

/** Booking calls of spec §7 for guests (no login: capabilities) and the booking form's live channel. */
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
    {
      schema: { body: releaseHoldRequestSchema, response: { '2xx': doneReplySchema } },
      config: { access: 'public' },
    },
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

  registerReservationLinkRoutes(app, ctx);

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
