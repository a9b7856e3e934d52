import {
  completeMenuRequestSchema,
  dispatchFireableRequestSchema,
  getByRoleRequestSchema,
  modifyReservationRequestSchema,
  productOrderLinesRequestSchema,
  productOrderVoidRequestSchema,
  toggleMenuIncludedRequestSchema,
  updateDishClassRequestSchema,
  completeMenuResponseSchema,
  dispatchFireableResponseSchema,
  getByRoleResponseSchema,
  modifyReservationResponseSchema,
  productOrderLinesResponseSchema,
} from '@sobremesa/contracts';
import type { LineStatusAction } from '@sobremesa/domain';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import type { Transaction } from '../../db/database.ts';
import { actingAs, copilotAs } from '../../http/route-roles.ts';
import { runIdempotent, staffKeyScope } from '../../http/idempotency.ts';
import { requestLocale } from '../../http/locale.ts';
import { contractRoutes } from '../../http/route-schemas.ts';
import { tellLineNews, type LineNews } from './kitchen-followers.ts';
import { changeLineStatus } from './line-status.service.ts';
import {
  completeMenu,
  dispatchFireable,
  markAsPaid,
  modifyReservation,
  ordersByRole,
  toggleMenuIncluded,
  updateDishClass,
} from './kitchen.service.ts';

const BASE = '/world/api/productorder';

/** Status calls of spec §7 "Orders" and the lifecycle action each applies. */
const STATUS_CALLS: readonly [path: string, action: LineStatusAction, voids: boolean][] = [
  ['startpreparation', 'startPreparation', false],
  ['finishpreparation', 'finishPreparation', false],
  ['serve', 'serve', false],
  ['addtohottable', 'addToHotTable', false],
  ['removetohottable', 'removeFromHotTable', false],
  ['mark-as-rejected', 'reject', true],
  ['mark-as-cancelled', 'cancel', true],
  ['mark-as-loss', 'markAsLoss', true],
];

/** The kitchen and bar calls (issue 7, decision 010): copilot staff only, the role checked per line. */
export function registerKitchenRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = contractRoutes(app);

  api.post(
    `${BASE}/get-by-role`,
    {
      ...copilotAs({ matrix: 'kitchen', operation: null }),
      schema: { body: getByRoleRequestSchema, response: { '2xx': getByRoleResponseSchema } },
    },
    async (request) => {
      const body = request.body;
      return ordersByRole(ctx, request.venue, actingAs(request, 'kitchen'), body.date);
    },
  );

  // A void, a rejection or a write-off changes what the table pays: it needs an Idempotency-Key
  // (decision 022); the kitchen's own steps may come without one (the transition table refuses a second),
  // and with one are replayed like any other retriable write (decision 005).
  for (const [path, action, voids] of STATUS_CALLS) {
    api.post(
      `${BASE}/${path}`,
      {
        ...copilotAs({ matrix: 'kitchen', operation: action }),
        schema: {
          // A void carries its reason; the kitchen's own steps take the lines alone.
          body: voids ? productOrderVoidRequestSchema : productOrderLinesRequestSchema,
          response: { '2xx': productOrderLinesResponseSchema },
        },
      },
      async (request, reply) => {
        const body: { productOrderIds: number[]; reason?: string | undefined } = request.body;
        const who = actingAs(request, 'kitchen');
        // Emails of takeaway orders the change moved go out once it commits (a retry's replay sends none).
        const news: LineNews[] = [];
        const change = async (tx: Transaction) => ({
          status: 200,
          body: {
            result: 0,
            items: await changeLineStatus(
              tx,
              ctx,
              request.venue,
              who,
              action,
              body.productOrderIds,
              body.reason,
              news,
            ),
          },
        });
        // A step sent again with its key (a tablet's offline queue resending after a lost reply, decision 051)
        // gets the first reply back instead of the transition table's refusal.
        const done = await runIdempotent(
          ctx,
          request,
          reply,
          staffKeyScope(request, `productorder/${path}`),
          change,
          {
            keyRequired: voids,
          },
        );
        tellLineNews(news, request.log);
        return done;
      },
    );
  }

  api.post(
    `${BASE}/dispatch-fireable`,
    {
      ...copilotAs({ matrix: 'kitchen', operation: 'dispatchFireable' }),
      schema: { body: dispatchFireableRequestSchema, response: { '2xx': dispatchFireableResponseSchema } },
    },
    async (request) => {
      const body = request.body;
      const who = actingAs(request, 'kitchen');
      return dispatchFireable(ctx, request.venue, who, body);
    },
  );

  api.post(
    `${BASE}/update-dish-class`,
    {
      ...copilotAs({ matrix: 'kitchen', operation: 'updateDishClass' }),
      schema: { body: updateDishClassRequestSchema, response: { '2xx': productOrderLinesResponseSchema } },
    },
    async (request) => {
      const body = request.body;
      const who = actingAs(request, 'kitchen');
      return { result: 0, items: [await updateDishClass(ctx, request.venue, who, body)] };
    },
  );

  api.post(
    `${BASE}/complete-menu`,
    {
      ...copilotAs({ matrix: 'kitchen', operation: 'completeMenu' }),
      schema: { body: completeMenuRequestSchema, response: { '2xx': completeMenuResponseSchema } },
    },
    async (request) => {
      const body = request.body;
      const who = actingAs(request, 'kitchen');
      return completeMenu(ctx, request.venue, who, body, requestLocale(request));
    },
  );

  api.post(
    `${BASE}/mark-as-paid`,
    {
      ...copilotAs({ matrix: 'kitchen', operation: 'markAsPaid' }),
      schema: { body: productOrderLinesRequestSchema, response: { '2xx': productOrderLinesResponseSchema } },
    },
    async (request) => {
      const body = request.body;
      const who = actingAs(request, 'kitchen');
      return { result: 0, items: await markAsPaid(ctx, request.venue, who, body.productOrderIds) };
    },
  );

  api.post(
    `${BASE}/modify-reservation`,
    {
      ...copilotAs({ matrix: 'kitchen', operation: 'moveReservation' }),
      schema: { body: modifyReservationRequestSchema, response: { '2xx': modifyReservationResponseSchema } },
    },
    async (request) => {
      const body = request.body;
      const who = actingAs(request, 'kitchen');
      return modifyReservation(ctx, request.venue, who, body);
    },
  );

  api.patch(
    `${BASE}/toggle-menu-included`,
    {
      ...copilotAs({ matrix: 'kitchen', operation: 'toggleMenuIncluded' }),
      schema: { body: toggleMenuIncludedRequestSchema, response: { '2xx': productOrderLinesResponseSchema } },
    },
    async (request, reply) => {
      const body = request.body;
      const who = actingAs(request, 'kitchen');
      return runIdempotent(
        ctx,
        request,
        reply,
        staffKeyScope(request, 'productorder/toggle-menu-included'),
        async (tx) => ({
          status: 200,
          body: {
            result: 0,
            items: [await toggleMenuIncluded(tx, ctx, request.venue, who, body.productOrderId)],
          },
        }),
        { keyRequired: true },
      );
    },
  );
}
