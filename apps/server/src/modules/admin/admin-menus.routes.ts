import {
  adminCategoryInputSchema,
  adminCoursesInputSchema,
  adminMenuIdParamsSchema,
  adminMenuInputSchema,
  adminMenusResponseSchema,
  adminMenuWriteResponseSchema,
  adminOptionTypeInputSchema,
  adminProductInputSchema,
  adminReorderInputSchema,
  adminTranslationsInputSchema,
} from '@sobremesa/contracts';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { requestLocale } from '../../http/locale.ts';
import { contractRoutes } from '../../http/route-schemas.ts';
import {
  adminMenus,
  changeCategory,
  changeMenu,
  changeOptionType,
  changeProduct,
  createCategory,
  createMenu,
  createOptionType,
  createProduct,
  removeCategory,
  removeMenu,
  removeOptionType,
  removeProduct,
  reorder,
  saveCourses,
  saveTranslations,
} from './admin-menus.service.ts';
import { adminRoutes } from './admin-route-register.ts';

/**
 * The menus section of the admin area (/ebitdata/carta, issue 22 item 4, decision 060), admin role only.
 * Each kind of row has a create (POST /x), an edit (POST /x/:id) and a removal (POST /x/:id/remove).
 */
export function registerAdminMenuRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = contractRoutes(app);
  const admin = adminRoutes(app, ctx);
  const response = adminMenuWriteResponseSchema;
  const params = adminMenuIdParamsSchema;
  const input = <S extends z.ZodType>(schema: S) => ({
    params,
    create: schema,
    update: schema,
    response,
    removed: response,
  });

  api.get(
    '/world/api/admin/menus',
    { schema: { response: { '2xx': adminMenusResponseSchema } }, config: { access: 'admin' } },
    async (request) => ({ result: 0, ...(await adminMenus(ctx, request.venue, requestLocale(request))) }),
  );

  admin.rows('/world/api/admin/menus', input(adminMenuInputSchema), {
    create: createMenu,
    update: changeMenu,
    remove: removeMenu,
  });
  admin.rows('/world/api/admin/menu-categories', input(adminCategoryInputSchema), {
    create: createCategory,
    update: changeCategory,
    remove: removeCategory,
  });
  admin.rows('/world/api/admin/products', input(adminProductInputSchema), {
    create: createProduct,
    update: changeProduct,
    remove: removeProduct,
  });
  admin.rows('/world/api/admin/option-types', input(adminOptionTypeInputSchema), {
    create: createOptionType,
    update: changeOptionType,
    remove: removeOptionType,
  });

  admin.write(
    '/world/api/admin/products/:id/courses',
    { params, body: adminCoursesInputSchema, response },
    (call) => saveCourses(ctx, call.venue, call.staff, call.params.id, call.body),
  );
  admin.write('/world/api/admin/translations', { body: adminTranslationsInputSchema, response }, (call) =>
    saveTranslations(ctx, call.venue, call.staff, call.body),
  );
  admin.write('/world/api/admin/menu-order', { body: adminReorderInputSchema, response }, (call) =>
    reorder(ctx, call.venue, call.staff, call.body),
  );
}
