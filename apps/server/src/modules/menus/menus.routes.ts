import {
  menuGetRequestSchema,
  productMenuGetRequestSchema,
  productMenuUpdateRequestSchema,
  updateAvailabilityRequestSchema,
  updateTopChoiceRequestSchema,
  menuGetResponseSchema,
  productMenuGetResponseSchema,
  productMenuUpdateResponseSchema,
  updateAvailabilityResponseSchema,
  updateTopChoiceResponseSchema,
} from '@sobremesa/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { actingAs, copilotAs } from '../../http/route-roles.ts';
import { requestLocale } from '../../http/locale.ts';
import { contractRoutes } from '../../http/route-schemas.ts';
import { requireCapability } from '../guests/guests.service.ts';
import { changeProduct, menuProductsOf, menusOf } from './menus.service.ts';

/**
 * The menu calls of spec §7 "Menus" (issue 6, decision 009): `menu/get` is public (a guest's `uid`, when
 * sent, must be valid); the product calls need copilot access and a role the ordering matrix allows.
 */
export function registerMenuRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = contractRoutes(app);
  api.post(
    '/world/api/menu/get',
    {
      schema: { body: menuGetRequestSchema, response: { '2xx': menuGetResponseSchema } },
      config: { access: 'public' },
    },
    async (request) => {
      const body = request.body;
      if (body.uid !== undefined)
        await requireCapability(ctx.db, request.venue.id, body.uid, ['reservation', 'menu'], ctx.clock.now());
      const staffView = request.staff?.copilotEnabled === true;
      return menusOf(ctx, request.venue, requestLocale(request), { staffView, menuId: body.menuId });
    },
  );

  api.post(
    '/world/api/product/menu/get',
    {
      ...copilotAs({ matrix: 'ordering', operation: 'viewMenuProducts' }),
      schema: { body: productMenuGetRequestSchema, response: { '2xx': productMenuGetResponseSchema } },
    },
    async (request) => {
      actingAs(request, 'ordering');
      return { result: 0, menuProducts: await menuProductsOf(ctx, request.venue, requestLocale(request)) };
    },
  );

  api.post(
    '/world/api/product/menu/update',
    {
      ...copilotAs({ matrix: 'ordering', operation: 'editMenuProduct' }),
      schema: { body: productMenuUpdateRequestSchema, response: { '2xx': productMenuUpdateResponseSchema } },
    },
    async (request) => {
      const body = request.body;
      const caller = actingAs(request, 'ordering');
      const { id, ...changes } = body.menuProduct;
      await changeProduct(ctx, request.venue, caller, id, changes, requestLocale(request));
      const [menuProduct] = (await menuProductsOf(ctx, request.venue, requestLocale(request))).filter(
        (product) => product.id === id,
      );
      return { result: 0, menuProduct };
    },
  );

  api.post(
    '/world/api/product/menu/update-availability-product',
    {
      ...copilotAs({ matrix: 'ordering', operation: 'setAvailability' }),
      schema: {
        body: updateAvailabilityRequestSchema,
        response: { '2xx': updateAvailabilityResponseSchema },
      },
    },
    async (request) => {
      const body = request.body;
      const caller = actingAs(request, 'ordering');
      const row = await changeProduct(ctx, request.venue, caller, body.productId, {
        available: body.available,
      });
      return { result: 0, productId: row.id, available: row.available };
    },
  );

  api.post(
    '/world/api/product/menu/update-top-choice-product',
    {
      ...copilotAs({ matrix: 'ordering', operation: 'setTopChoice' }),
      schema: { body: updateTopChoiceRequestSchema, response: { '2xx': updateTopChoiceResponseSchema } },
    },
    async (request) => {
      const body = request.body;
      const caller = actingAs(request, 'ordering');
      const row = await changeProduct(ctx, request.venue, caller, body.productId, {
        topChoice: body.topChoice,
      });
      return { result: 0, productId: row.id, topChoice: row.topChoice };
    },
  );
}
