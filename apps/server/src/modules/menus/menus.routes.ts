import {
  menuGetRequestSchema,
  productMenuGetRequestSchema,
  productMenuUpdateRequestSchema,
  updateAvailabilityRequestSchema,
  updateTopChoiceRequestSchema,
} from '@sobremesa/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { principalOf } from '../../http/auth.ts';
import { requestLocale } from '../../http/locale.ts';
import { parseInput } from '../../http/validation.ts';
import { requireCapability } from '../guests/guests.service.ts';
import { changeProduct, menuProductsOf, menusOf, orderingCaller } from './menus.service.ts';

/**
 * The menu calls of spec §7 "Menus" (issue 6, decision 009): `menu/get` is public (a guest's `uid`, when
 * sent, must be valid); the product calls need copilot access and a role the ordering matrix allows.
 */
export function registerMenuRoutes(app: FastifyInstance, ctx: AppContext): void {
  const copilot = { config: { access: 'copilot' as const } };

  app.post('/world/api/menu/get', { config: { access: 'public' } }, async (request) => {
    const body = parseInput(menuGetRequestSchema, request.body);
    if (body.uid !== undefined)
      await requireCapability(ctx.db, request.venue.id, body.uid, ['reservation', 'menu'], ctx.clock.now());
    const staffView = request.staff?.copilotEnabled === true;
    return menusOf(ctx, request.venue, requestLocale(request), { staffView, menuId: body.menuId });
  });

  app.post('/world/api/product/menu/get', copilot, async (request) => {
    const body = parseInput(productMenuGetRequestSchema, request.body);
    await orderingCaller(ctx, request.venue, principalOf(request), body.roleId, 'viewMenuProducts');
    return { result: 0, menuProducts: await menuProductsOf(ctx, request.venue, requestLocale(request)) };
  });

  app.post('/world/api/product/menu/update', copilot, async (request) => {
    const body = parseInput(productMenuUpdateRequestSchema, request.body);
    const caller = await orderingCaller(
      ctx,
      request.venue,
      principalOf(request),
      body.roleId,
      'editMenuProduct',
    );
    const { id, ...changes } = body.menuProduct;
    await changeProduct(ctx, request.venue, caller, id, changes, requestLocale(request));
    const [menuProduct] = (await menuProductsOf(ctx, request.venue, requestLocale(request))).filter(
      (product) => product.id === id,
    );
    return { result: 0, menuProduct };
  });

  app.post('/world/api/product/menu/update-availability-product', copilot, async (request) => {
    const body = parseInput(updateAvailabilityRequestSchema, request.body);
    const caller = await orderingCaller(
      ctx,
      request.venue,
      principalOf(request),
      body.roleId,
      'setAvailability',
    );
    const row = await changeProduct(ctx, request.venue, caller, body.productId, {
      available: body.available,
    });
    return { result: 0, productId: row.id, available: row.available };
  });

  app.post('/world/api/product/menu/update-top-choice-product', copilot, async (request) => {
    const body = parseInput(updateTopChoiceRequestSchema, request.body);
    const caller = await orderingCaller(
      ctx,
      request.venue,
      principalOf(request),
      body.roleId,
      'setTopChoice',
    );
    const row = await changeProduct(ctx, request.venue, caller, body.productId, {
      topChoice: body.topChoice,
    });
    return { result: 0, productId: row.id, topChoice: row.topChoice };
  });
}
