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
import { adminRoutes, type RowWrites } from './admin-route-register.ts';

/** A kind of the menu's rows is made and edited with one contract. */
type Writes<S extends z.ZodType> = RowWrites<z.output<S>, z.output<S>>;

/**
 * The menus section of the admin area (/ebitdata/carta, issue 22 item 4, decision 060), admin role only.
 * Each kind of row has a create (POST /x), an edit (POST /x/:id) and a removal (POST /x/:id/remove).
 */
export function registerAdminMenuRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = contractRoutes(app);
  const admin = adminRoutes(app, ctx);
  const response = adminMenuWriteResponseSchema;
  const params = adminMenuIdParamsSchema;

  /** A kind of the menu's rows: its create, edit and removal (admin-route-register's `rows`). */
  function crud<S extends z.ZodType>(
    path: string,
    schema: S,
    create: Writes<S>['create'],
    update: Writes<S>['update'],
    remove: Writes<S>['remove'],
  ) {
    const contracts = { params, create: schema, update: schema, response, removed: response };
    admin.rows(path, contracts, { create, update, remove });
  }

  api.get(
    '/world/api/admin/menus',
    { schema: { response: { '2xx': adminMenusResponseSchema } }, config: { access: 'admin' } },
    async (request) => ({ result: 0, ...(await adminMenus(ctx, request.venue, requestLocale(request))) }),
  );

  crud('/world/api/admin/menus', adminMenuInputSchema, createMenu, changeMenu, removeMenu);
  crud(
    '/world/api/admin/menu-categories',
    adminCategoryInputSchema,
    createCategory,
    changeCategory,
    removeCategory,
  );
  crud('/world/api/admin/products', adminProductInputSchema, createProduct, changeProduct, removeProduct);
  crud(
    '/world/api/admin/option-types',
    adminOptionTypeInputSchema,
    createOptionType,
    changeOptionType,
    removeOptionType,
  );

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
