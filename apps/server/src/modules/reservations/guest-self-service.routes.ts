import {
  findUserRequestSchema,
  registerUserRequestSchema,
  remindNumberRequestSchema,
  remindNumberResponseSchema,
  sendPassRequestSchema,
  type GuestUser,
  findUserResponseSchema,
  registerUserResponseSchema,
  sendPassResponseSchema,
} from '@sobremesa/contracts';
import { isValidEmail } from '@sobremesa/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import { requestLocale } from '../../http/locale.ts';
import { requestOrigin } from '../../http/security.ts';
import { contractRoutes } from '../../http/route-schemas.ts';
import { translate } from '../../i18n/messages.ts';
import { confirmationEmail, emailLocale, reminderEmail } from './confirmation-email.ts';
import {
  REGISTER_USER_PER_ADDRESS,
  REMIND_PER_ADDRESS,
  REMIND_PER_EMAIL,
  SENDPASS_PER_RESERVATION,
} from './guest-rate-limits.ts';
import { mintAssetToken } from './reservation-assets.ts';
import { guestAccess, manageLink } from './reservation-view.ts';
import {
  guestUserOf,
  joinedGuestReply,
  joinReservation,
  remindReservations,
  reservationInfo,
  reservationOfLink,
} from './reservations.service.ts';
import { checkInCodeFor, guestAllergenIds, guestById, requireCapability } from '../guests/guests.service.ts';

function invalidEmail(request: FastifyRequest): AppError {
  return new AppError(400, 'VALIDATION_FAILED', 'guest_email_invalid', {
    fields: [{ path: 'email', message: translate('guest_email_invalid', requestLocale(request)) }],
  });
}

/** Guest identity calls of spec §7 "Users": a guest is known by a capability (`uid`), never by an id. */
export function registerGuestRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = contractRoutes(app);
  api.post(
    '/world/api/user/find',
    {
      schema: { body: findUserRequestSchema, response: { '2xx': findUserResponseSchema } },
      config: { access: 'public' },
    },
    async (request) => {
      const body = request.body;
      const venue = request.venue;
      const capability = await requireCapability(
        ctx.db,
        venue.id,
        body.uid,
        ['reservation', 'menu'],
        ctx.clock.now(),
      );
      const view = await reservationInfo(ctx, venue, {
        ref: capability.reservationId,
        uid: body.uid,
        staff: null,
      });
      const guest =
        capability.guestId === null ? undefined : await guestById(ctx.db, venue.id, capability.guestId);
      if (!guest) throw notFound();
      const isHost = view.guests.some((entry) => entry.id === guest.id && entry.isHost);
      const user: GuestUser = {
        ...guestUserOf(guest, view.wid, isHost),
        allergensId: await guestAllergenIds(ctx.db, venue.id, guest.id),
      };
      return { result: 0, user };
    },
  );

  api.post(
    '/world/user/register',
    {
      schema: { body: registerUserRequestSchema, response: { '2xx': registerUserResponseSchema } },
      config: { access: 'public' },
    },
    async (request) => {
      const body = request.body;
      const locale = body.locale ?? requestLocale(request);
      const name = body.name?.trim() ?? '';
      if (!name) {
        throw new AppError(400, 'VALIDATION_FAILED', 'guest_name_required', {
          fields: [{ path: 'name', message: translate('guest_name_required', locale) }],
        });
      }
      const email = body.email?.trim() || undefined;
      if (email !== undefined && !isValidEmail(email)) throw invalidEmail(request);
      if (!request.staff) await ctx.rateLimiter.consume(REGISTER_USER_PER_ADDRESS, request.ip);
      const joined = await joinReservation(ctx, request.venue, {
        wid: body.reservationWid,
        hostCode: body.hostCode,
        name,
        email,
        phone: body.phone || undefined,
        locale,
        consent: body.consent === true,
      });
      return joinedGuestReply(joined);
    },
  );

  api.post(
    '/world/user/remindnumber',
    {
      schema: { body: remindNumberRequestSchema, response: { '2xx': remindNumberResponseSchema } },
      config: { access: 'public' },
    },
    async (request) => {
      const body = request.body;
      const email = body.email.trim().toLowerCase();
      if (!isValidEmail(email)) throw invalidEmail(request);
      await ctx.rateLimiter.consume(REMIND_PER_ADDRESS, request.ip);
      const noMail = body.noMail === true || body.noMail === 1;
      if (noMail) return { result: 0 };
      await ctx.rateLimiter.consume(REMIND_PER_EMAIL, `${request.venue.id}:${email}`);
      // The same reply whether or not the address has reservations: nothing to enumerate.
      if (!ctx.mailer.enabled) {
        request.log.warn('remindnumber asked but confirmation emails are disabled (no SMTP_URL)');
        // Said for every address alike, so it reveals nothing; the screen offers what works without email.
        return { result: 0, emailStatus: 'disabled' as const };
      }
      const found = await remindReservations(ctx, request.venue, email);
      if (found) {
        const origin = requestOrigin(request);
        const message = reminderEmail({
          to: found.guest.email,
          venueName: request.venue.businessName,
          locale: emailLocale(found.guest.locale ?? requestLocale(request)),
          entries: found.entries.map(({ view, link }) => ({
            reservation: view,
            manageLink: manageLink(origin, link.uid),
          })),
        });
        ctx.mailer.sendInBackground(message, request.log, { purpose: 'remindnumber' });
      }
      return { result: 0 };
    },
  );

  api.post(
    '/world/api/user/sendpass',
    {
      schema: { body: sendPassRequestSchema, response: { '2xx': sendPassResponseSchema } },
      config: { access: 'public' },
    },
    async (request) => {
      const body = request.body;
      const { row, view, capability } = await reservationOfLink(ctx, request.venue, body.uid);
      const guest = row.guestId === null ? undefined : await guestById(ctx.db, request.venue.id, row.guestId);
      if (!guest?.email) return { result: 0, emailStatus: 'no_email' as const };
      if (!ctx.mailer.enabled) return { result: 0, emailStatus: 'disabled' as const };
      await ctx.rateLimiter.consume(SENDPASS_PER_RESERVATION, `${request.venue.id}:${row.id}`);
      const origin = requestOrigin(request);
      const checkInCode = checkInCodeFor(body.uid);
      const asset = await mintAssetToken(ctx.db, request.venue.id, checkInCode, ctx.clock.now());
      const access = guestAccess(
        origin,
        { uid: body.uid, checkInCode, expiresAt: capability.expiresAt ?? row.endsAt },
        asset.token,
      );
      const message = await confirmationEmail({
        to: guest.email,
        reservation: view,
        access,
        startsAt: row.startsAt,
        endsAt: row.endsAt,
        origin,
        host: request.hostname,
        locale: emailLocale(guest.locale),
        now: ctx.clock.now(),
      });
      ctx.mailer.sendInBackground(message, request.log, { reservationId: row.id, purpose: 'sendpass' });
      return { result: 0, emailStatus: 'sending' as const };
    },
  );
}
