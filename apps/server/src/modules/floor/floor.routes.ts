import {
  floorReservationResponseSchema,
  closePathSchema,
  closeRequestSchema,
  createPhoneReservationRequestSchema,
  createWalkInRequestSchema,
  getByDayRequestSchema,
  mergeRequestSchema,
  readyToOrderRequestSchema,
  reservationActionRequestSchema,
  reviewQrRequestSchema,
  searchAccountRequestSchema,
  updateLocationTagRequestSchema,
  updatePaxRequestSchema,
  updateStaffCommentsRequestSchema,
  updateAllergiesRequestSchema,
  updateTableRequestSchema,
  userDetailsRequestSchema,
  getByDayResponseSchema,
  mergeResponseSchema,
  reviewQrResponseSchema,
  searchAccountResponseSchema,
  userDetailsResponseSchema,
  accountQrResponseSchema,
} from '@sobremesa/contracts';
import type { FloorReservation } from '@sobremesa/contracts';
import type { FloorOperation } from '@sobremesa/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { actingAs, copilotAs } from '../../http/route-roles.ts';
import { runIdempotent } from '../../http/idempotency.ts';
import { requestLocale } from '../../http/locale.ts';
import { requestOrigin } from '../../http/security.ts';
import { contractRoutes } from '../../http/route-schemas.ts';
import { asSlotUnavailable } from '../reservations/reservations.service.ts';
import {
  accountQr,
  cancelReservation,
  closeReservation,
  enableReservation,
  type FloorCaller,
  mergeReservations,
  preparePhoneReservation,
  prepareWalkIn,
  reactivateReservation,
  readyToOrder,
  reviewQr,
  searchAccounts,
  seatRetrying,
  serviceDay,
  setNoShow,
  updateLocationTag,
  updatePax,
  updateStaffComments,
  updateAllergies,
  updateTable,
  userDetails,
  writePhoneReservation,
  writeWalkIn,
} from './floor.service.ts';

/**
 * The copilot floor calls (issue 5, decision 007): copilot access (bearer token), then the caller's role
 * against the role × action matrix, declared with each route (403, decision 063), before anything is read,
 * then the body's shape and values (400) and the reservation's state (409).
 * Paths and field names are the spec's (§7); the calls the spec does not name follow its kebab style.
 */
export function registerFloorRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = contractRoutes(app);
  api.post(
    '/world/api/reservation/getbyday',
    {
      ...copilotAs({ matrix: 'floor', operation: 'viewDay' }),
      schema: { body: getByDayRequestSchema, response: { '2xx': getByDayResponseSchema } },
    },
    async (request) => {
      const body = request.body;
      actingAs(request, 'floor');
      return serviceDay(ctx, request.venue, body.date);
    },
  );

  api.post(
    '/world/api/reservation/search-account',
    {
      ...copilotAs({ matrix: 'floor', operation: 'searchAccount' }),
      schema: { body: searchAccountRequestSchema, response: { '2xx': searchAccountResponseSchema } },
    },
    async (request) => {
      const body = request.body;
      actingAs(request, 'floor');
      return { result: 0, reservations: await searchAccounts(ctx, request.venue, body) };
    },
  );

  api.post(
    '/world/api/reservation/user-details',
    {
      ...copilotAs({ matrix: 'floor', operation: 'userDetails' }),
      schema: { body: userDetailsRequestSchema, response: { '2xx': userDetailsResponseSchema } },
    },
    async (request) => {
      const body = request.body;
      actingAs(request, 'floor');
      return { result: 0, ...(await userDetails(ctx, request.venue, body.reservationWid)) };
    },
  );

  api.post(
    '/world/api/reservation/review-qr',
    {
      ...copilotAs({ matrix: 'floor', operation: 'reviewQr' }),
      schema: { body: reviewQrRequestSchema, response: { '2xx': reviewQrResponseSchema } },
    },
    async (request) => {
      actingAs(request, 'floor');
      return { result: 0, ...reviewQr(request.venue) };
    },
  );

  api.post(
    '/world/api/reservation/account-qr',
    {
      ...copilotAs({ matrix: 'floor', operation: 'accountQr' }),
      schema: { response: { '2xx': accountQrResponseSchema }, body: reservationActionRequestSchema },
    },
    async (request) => {
      const body = request.body;
      actingAs(request, 'floor');
      const qr = await accountQr(ctx, request.venue, { ref: body.reservationWid }, requestOrigin(request));
      return { result: 0, ...qr };
    },
  );

  // Creations (REL-03: Idempotency-Key accepted).
  api.post(
    '/world/reservation/createwalkin',
    {
      ...copilotAs({
        matrix: 'floor',
        // A party already seated is recorded as a sit-in, its own row of the matrix.
        operation: (input) => (input.alreadySeated === true ? 'createSitIn' : 'createWalkIn'),
      }),
      schema: { body: createWalkInRequestSchema, response: { '2xx': floorReservationResponseSchema } },
    },
    async (request, reply) => {
      const body = request.body;
      const who = actingAs(request, 'floor');
      const prepared = await prepareWalkIn(ctx, request.venue, body, requestLocale(request));
      const scope = {
        venueId: request.venue.id,
        actor: `staff:${who.principal.userId}`,
        route: 'reservation/createwalkin',
      };
      return seatRetrying(prepared, () =>
        runIdempotent(ctx, request, reply, scope, async (tx) => ({
          status: 201,
          body: { result: 0, reservation: await writeWalkIn(tx, ctx, who, prepared) },
        })),
      );
    },
  );

  api.post(
    '/world/reservation/create-phone',
    {
      ...copilotAs({ matrix: 'floor', operation: 'createPhoneReservation' }),
      schema: {
        body: createPhoneReservationRequestSchema,
        response: { '2xx': floorReservationResponseSchema },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const who = actingAs(request, 'floor');
      const prepared = await preparePhoneReservation(ctx, request.venue, who, body, requestLocale(request));
      const scope = {
        venueId: request.venue.id,
        actor: `staff:${who.principal.userId}`,
        route: 'reservation/create-phone',
      };
      try {
        return await runIdempotent(ctx, request, reply, scope, async (tx) => ({
          status: 201,
          body: { result: 0, reservation: await writePhoneReservation(tx, ctx, who, prepared) },
        }));
      } catch (error) {
        throw await asSlotUnavailable(
          ctx,
          prepared.profile,
          { date: prepared.input.date, pax: prepared.input.pax, roomId: prepared.input.roomId },
          error,
        );
      }
    },
  );

  /**
   * A call on one reservation: the body (400), the caller's role (403), then the service, whose reply is
   * the reservation as the floor shows it.
   */
  const onReservation = <S extends z.ZodType<{ roleId?: number | undefined }>>(
    path: string,
    schema: S,
    operation: FloorOperation,
    run: (request: FastifyRequest, who: FloorCaller, body: z.output<S>) => Promise<FloorReservation>,
  ) =>
    api.post(
      path,
      {
        ...copilotAs({ matrix: 'floor', operation: operation }),
        schema: { body: schema, response: { '2xx': floorReservationResponseSchema } },
      },
      async (request) => {
        const body = request.body as z.output<S>;
        const who = actingAs(request, 'floor');
        return { result: 0, reservation: await run(request, who, body) };
      },
    );

  const target = (body: { reservationWid: string | number; expectedVersion?: number | undefined }) => ({
    ref: body.reservationWid,
    expectedVersion: body.expectedVersion,
  });

  // Actions on one reservation: the ones that are a single tap share a body.
  const taps = [
    ['/world/api/reservation/enable-reservation', 'seat', enableReservation],
    ['/world/api/reservation/set-no-show', 'noShow', setNoShow],
    ['/world/api/reservation/cancel', 'cancel', cancelReservation],
    ['/world/api/reservation/reactivate', 'reactivate', reactivateReservation],
  ] as const;
  for (const [path, operation, action] of taps) {
    onReservation(path, reservationActionRequestSchema, operation, (request, who, body) =>
      action(ctx, request.venue, who, target(body)),
    );
  }

  onReservation(
    '/world/api/reservation/ready-to-order',
    readyToOrderRequestSchema,
    'readyToOrder',
    (request, who, body) =>
      readyToOrder(ctx, request.venue, who, {
        ref: body.reservationId,
        expectedVersion: body.expectedVersion,
      }),
  );

  onReservation(
    '/world/api/reservation/updatepax',
    updatePaxRequestSchema,
    'updatePax',
    (request, who, body) =>
      updatePax(ctx, request.venue, who, { ...target(body), pax: body.pax }, requestLocale(request)),
  );

  onReservation(
    '/world/api/reservation/updatetable',
    updateTableRequestSchema,
    'updateTable',
    (request, who, body) =>
      updateTable(ctx, request.venue, who, { ...target(body), tableIds: body.tableIds }),
  );

  onReservation(
    '/world/reservation/update-staff-comments',
    updateStaffCommentsRequestSchema,
    'staffComments',
    (request, who, body) =>
      updateStaffComments(ctx, request.venue, who, { ...target(body), staffComments: body.staffComments }),
  );

  onReservation(
    '/world/reservation/update-allergies',
    updateAllergiesRequestSchema,
    'staffComments',
    (request, who, body) =>
      updateAllergies(ctx, request.venue, who, {
        ...target(body),
        allergenIds: body.allergensId,
        dietaryNotes: body.dietaryNotes,
      }),
  );

  onReservation(
    '/world/reservation/update-location-tag',
    updateLocationTagRequestSchema,
    'locationTag',
    (request, who, body) =>
      updateLocationTag(ctx, request.venue, who, { ...target(body), locationTag: body.locationTag }),
  );

  api.post(
    '/world/api/reservation/:id/close',
    {
      ...copilotAs({ matrix: 'floor', operation: 'close' }),
      schema: {
        params: closePathSchema,
        body: closeRequestSchema,
        response: { '2xx': floorReservationResponseSchema },
      },
    },
    async (request) => {
      const { id } = request.params;
      const body = request.body;
      const who = actingAs(request, 'floor');
      const reservation = await closeReservation(ctx, request.venue, who, {
        ref: id,
        expectedVersion: body.expectedVersion,
      });
      return { result: 0, reservation };
    },
  );

  api.post(
    '/world/reservation/merge',
    {
      ...copilotAs({ matrix: 'floor', operation: 'merge' }),
      schema: { body: mergeRequestSchema, response: { '2xx': mergeResponseSchema } },
    },
    async (request) => {
      const body = request.body;
      const who = actingAs(request, 'floor');
      const merged = await mergeReservations(ctx, request.venue, who, {
        source: body.reservationWid,
        target: body.targetReservationWid,
        expectedVersion: body.expectedVersion,
        targetExpectedVersion: body.targetExpectedVersion,
      });
      return { result: 0, ...merged };
    },
  );
}
