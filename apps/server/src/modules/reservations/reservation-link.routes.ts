import {
  addGuestRequestSchema,
  addGuestResponseSchema,
  addUserRequestSchema,
  assetLinksRequestSchema,
  assetLinksResponseSchema,
  assetTokenQuerySchema,
  cancelDirectRequestSchema,
  guestsResponseSchema,
  removeInviteeRequestSchema,
  reservationInfoRequestSchema,
  reservationResponseSchema,
  rotateLinkRequestSchema,
  rotateLinkResponseSchema,
  updateReservationRequestSchema,
  userFutureRequestSchema,
  userFutureResponseSchema,
} from '@sobremesa/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { requestLocale } from '../../http/locale.ts';
import { requestOrigin } from '../../http/security.ts';
import { contractRoutes } from '../../http/route-schemas.ts';
import { checkInCodeFor } from '../guests/guests.service.ts';
import type { RateLimitRule } from '../rate-limit/rate-limit.service.ts';
import { emailLocale, qrPng, qrSvg, reservationCalendar } from './confirmation-email.ts';
import { mintAssetToken, reservationOfAssetToken } from './reservation-assets.ts';
import { assetLinks, checkInUrl, guestAccess, invitationUrl } from './reservation-view.ts';
import {
  addUserToReservation,
  cancelReservation,
  futureReservations,
  joinReservation,
  nameInvitee,
  removeInvitee,
  reservationInfo,
  reservationOfLink,
  rotateLink,
  updateReservation,
} from './reservations.service.ts';

/** Companions joining per address (each creates a guest). */
export const JOIN_PER_ADDRESS: RateLimitRule = { name: 'reservation-join', max: 30, windowSeconds: 600 };

/** Staff taking a booking through the guest call are not throttled as an address. */
export async function throttleGuest(
  ctx: AppContext,
  request: FastifyRequest,
  rule: RateLimitRule,
): Promise<void> {
  if (request.staff) return;
  await ctx.rateLimiter.consume(rule, request.ip);
}

function companionOf(guest: { id: number; name: string } | undefined, name: string) {
  return { id: guest?.id ?? 0, name: guest?.name ?? name, isHost: false };
}

/**
 * A booked reservation's calls by its guest link (spec §7 "Reservations"): reading, changing and cancelling
 * it, its guest list, fresh links, and the files a browser or a calendar app fetches with a short-lived token.
 */
export function registerReservationLinkRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = contractRoutes(app);

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
    {
      schema: { body: addGuestRequestSchema, response: { '2xx': addGuestResponseSchema } },
      config: { access: 'public' },
    },
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
}
