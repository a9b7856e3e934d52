import {
  callStaffRequestSchema,
  createGuestUserMenuRequestSchema,
  createGuestUserMenuResponseSchema,
  guestReadyToOrderRequestSchema,
  guestRequestResponseSchema,
  sendCommentRequestSchema,
  staffTicketRequestSchema,
  ticketRequestRequestSchema,
  updateAllergensRequestSchema,
  updateAllergensResponseSchema,
  updateGuestUserNameRequestSchema,
  updateGuestUserNameResponseSchema,
} from '@sobremesa/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import type { Transaction } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { actingAs, type RoleInput } from '../../http/route-roles.ts';
import { runIdempotent, staffKeyScope } from '../../http/idempotency.ts';
import { requestLocale } from '../../http/locale.ts';
import { parseInput } from '../../http/validation.ts';
import { contractRoutes } from '../../http/route-schemas.ts';
import { translate } from '../../i18n/messages.ts';
import { capabilityRef } from '../../lib/capability-ref.ts';
import type { RateLimitRule } from '../rate-limit/rate-limit.service.ts';
import {
  joinedGuestReply,
  joinReservation,
  REGISTER_USER_PER_ADDRESS,
} from '../reservations/reservations.service.ts';
import {
  callStaff,
  guestReadyToOrder,
  requestTicket,
  sendComment,
  staffTicketRequest,
  updateAllergens,
  updateGuestName,
} from './guest-requests.service.ts';

/** Requests a guest may raise per capability (SEC-04): a table calling staff, not a script ringing them. */
export const GUEST_REQUESTS_PER_CAPABILITY: RateLimitRule = {
  name: 'guest-request-uid',
  max: 30,
  windowSeconds: 600,
};
export const GUEST_REQUESTS_PER_ADDRESS: RateLimitRule = {
  name: 'guest-request-ip',
  max: 120,
  windowSeconds: 600,
};

function nameRequired(request: FastifyRequest, path: string): AppError {
  return new AppError(400, 'VALIDATION_FAILED', 'guest_name_required', {
    fields: [{ path, message: translate('guest_name_required', requestLocale(request)) }],
  });
}

/**
 * Guest requests from the phone (issue 6 item 4, decision 009). Public routes: the guest is their `uid`
 * (SEC-09), validated through the reservations and guests services. Each write raises a staff
 * notification in its transaction and announces it (`notification.created`); an Idempotency-Key makes
 * a retried tap one request (REL-03).
 */
export function registerGuestRequestRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = contractRoutes(app);
  const guest = { config: { access: 'public' as const } };

  /** Rate limits, then the write in an idempotent transaction scoped to the capability. */
  const guestWrite = async (
    request: FastifyRequest,
    reply: FastifyReply,
    uid: string,
    route: string,
    work: (tx: Transaction, guestRef: string) => Promise<Record<string, unknown>>,
  ) => {
    const guestRef = capabilityRef(uid);
    await ctx.rateLimiter.consume(GUEST_REQUESTS_PER_ADDRESS, `${request.venue.id}:${request.ip}`);
    await ctx.rateLimiter.consume(GUEST_REQUESTS_PER_CAPABILITY, `${request.venue.id}:${guestRef}`);
    const scope = { venueId: request.venue.id, actor: `guest:${guestRef}`, route };
    return runIdempotent(ctx, request, reply, scope, async (tx) => ({
      status: 200,
      body: { result: 0, ...(await work(tx, guestRef)) },
    }));
  };

  api.post(
    '/world/api/reservation/guest-ready-to-order',
    {
      ...guest,
      schema: { body: guestReadyToOrderRequestSchema, response: { '2xx': guestRequestResponseSchema } },
    },
    async (request, reply) => {
      const body = request.body;
      return guestWrite(
        request,
        reply,
        body.uid,
        'reservation/guest-ready-to-order',
        async (tx, guestRef) => ({
          notification: await guestReadyToOrder(tx, ctx, request.venue, {
            uid: body.uid,
            ref: body.reservationId,
            guestRef,
          }),
        }),
      );
    },
  );

  api.post(
    '/world/api/notification/call-staff',
    { ...guest, schema: { body: callStaffRequestSchema, response: { '2xx': guestRequestResponseSchema } } },
    async (request, reply) => {
      const body = request.body;
      return guestWrite(request, reply, body.uid, 'notification/call-staff', async (tx, guestRef) => ({
        notification: await callStaff(tx, ctx, request.venue, {
          uid: body.uid,
          message: body.message,
          guestRef,
        }),
      }));
    },
  );

  // Staff form (no uid, a copilot token): the bill asked for from the copilot (decision 011).
  const staffForm = (input: RoleInput) => !input.uid;
  const ticketRequest = {
    schema: { response: { '2xx': guestRequestResponseSchema } },
    config: {
      access: 'public' as const,
      roles: { matrix: 'notifications' as const, operation: 'read' as const, when: staffForm },
    },
  };
  api.post('/world/notification/new', ticketRequest, async (request, reply) => {
    if (request.staff && staffForm((request.body ?? {}) as RoleInput)) {
      // Two forms, two bodies: the staff form's is parsed here, the guest's below.
      const staffBody = parseInput(staffTicketRequestSchema, request.body);
      const who = actingAs(request, 'notifications');
      const scope = staffKeyScope(request, 'notification/new');
      return runIdempotent(ctx, request, reply, scope, async (tx) => ({
        status: 200,
        body: { result: 0, notification: await staffTicketRequest(tx, ctx, request.venue, who, staffBody) },
      }));
    }
    const body = parseInput(ticketRequestRequestSchema, request.body);
    return guestWrite(request, reply, body.uid, 'notification/new', async (tx, guestRef) => ({
      notification: await requestTicket(tx, ctx, request.venue, {
        uid: body.uid,
        paymentMethod: body.paymentMethod,
        guestRef,
      }),
    }));
  });

  api.post(
    '/world/api/webcontact/sendcomment',
    { ...guest, schema: { body: sendCommentRequestSchema, response: { '2xx': guestRequestResponseSchema } } },
    async (request, reply) => {
      const body = request.body;
      return guestWrite(request, reply, body.uid, 'webcontact/sendcomment', async (tx, guestRef) => ({
        notification: await sendComment(tx, ctx, request.venue, {
          uid: body.uid,
          comment: body.comment,
          guestRef,
        }),
      }));
    },
  );

  api.post(
    '/world/api/user/updateallergens',
    {
      ...guest,
      schema: { body: updateAllergensRequestSchema, response: { '2xx': updateAllergensResponseSchema } },
    },
    async (request, reply) => {
      const body = request.body;
      return guestWrite(request, reply, body.uid, 'user/updateallergens', (tx, guestRef) =>
        updateAllergens(tx, ctx, request.venue, { uid: body.uid, allergenIds: body.allergensId, guestRef }),
      );
    },
  );

  api.post(
    '/world/api/user/update-guest-user-name',
    {
      ...guest,
      schema: {
        body: updateGuestUserNameRequestSchema,
        response: { '2xx': updateGuestUserNameResponseSchema },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const name = body.userName.trim();
      if (!name) throw nameRequired(request, 'userName');
      return guestWrite(request, reply, body.uid, 'user/update-guest-user-name', (tx, guestRef) =>
        updateGuestName(tx, ctx, request.venue, { uid: body.uid, name, guestRef }),
      );
    },
  );

  /** A guest joins the table's account through its QR and gets their own menu `uid` (decision 006). */
  api.post(
    '/world/api/user/createguestusermenu',
    {
      ...guest,
      schema: {
        body: createGuestUserMenuRequestSchema,
        response: { '2xx': createGuestUserMenuResponseSchema },
      },
    },
    async (request) => {
      const body = request.body;
      const name = body.name.trim();
      if (!name) throw nameRequired(request, 'name');
      await ctx.rateLimiter.consume(REGISTER_USER_PER_ADDRESS, request.ip);
      const locale = body.locale ?? requestLocale(request);
      const joined = await joinReservation(ctx, request.venue, {
        wid: body.reservationWid,
        hostCode: body.hostCode,
        name,
        locale,
        consent: false,
      });
      return joinedGuestReply(joined);
    },
  );
}
