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
import { principalOf } from '../../http/auth.ts';
import { requestLocale } from '../../http/locale.ts';
import { contractRoutes } from '../../http/route-schemas.ts';
import type { StaffPrincipal } from '../users/users.service.ts';
import type { Venue } from '../venues/venues.service.ts';
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

type Write<I> = (
  ctx: AppContext,
  venue: Venue,
  staff: StaffPrincipal,
  input: I,
) => Promise<{ result: 0 } & Record<string, unknown>>;
type WriteById<I> = (
  ctx: AppContext,
  venue: Venue,
  staff: StaffPrincipal,
  id: number,
  input: I,
) => Promise<{ result: 0 } & Record<string, unknown>>;

/**
 * The menus section of the admin area (/ebitdata/carta, issue 22 item 4, decision 060), admin role only.
 * Each kind of row has a create (POST /x), an edit (POST /x/:id) and a removal (POST /x/:id/remove).
 */
export function registerAdminMenuRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = contractRoutes(app);
  const admin = { config: { access: 'admin' as const } };
  const written = { '2xx': adminMenuWriteResponseSchema };
  const byId = { ...admin, schema: { params: adminMenuIdParamsSchema, response: written } };

  function crud<S extends z.ZodType>(
    path: string,
    schema: S,
    create: Write<z.output<S>>,
    change: WriteById<z.output<S>>,
    remove: WriteById<undefined>,
  ) {
    // The declared `schema` parsed the body; the type provider cannot resolve a schema's type left generic.
    const bodyOf = (request: { body: unknown }) => request.body as z.output<S>;
    api.post(path, { ...admin, schema: { body: schema, response: written } }, async (request) =>
      create(ctx, request.venue, principalOf(request), bodyOf(request)),
    );
    api.post(
      `${path}/:id`,
      { ...admin, schema: { params: adminMenuIdParamsSchema, body: schema, response: written } },
      async (request) => change(ctx, request.venue, principalOf(request), request.params.id, bodyOf(request)),
    );
    api.post(`${path}/:id/remove`, byId, async (request) =>
      remove(ctx, request.venue, principalOf(request), request.params.id, undefined),
    );
  }

  api.get(
    '/world/api/admin/menus',
    { ...admin, schema: { response: { '2xx': adminMenusResponseSchema } } },
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

  api.post(
    '/world/api/admin/products/:id/courses',
    {
      ...admin,
      schema: { params: adminMenuIdParamsSchema, body: adminCoursesInputSchema, response: written },
    },
    async (request) => saveCourses(ctx, request.venue, principalOf(request), request.params.id, request.body),
  );

  api.post(
    '/world/api/admin/translations',
    { ...admin, schema: { body: adminTranslationsInputSchema, response: written } },
    async (request) => saveTranslations(ctx, request.venue, principalOf(request), request.body),
  );

  api.post(
    '/world/api/admin/menu-order',
    { ...admin, schema: { body: adminReorderInputSchema, response: written } },
    async (request) => reorder(ctx, request.venue, principalOf(request), request.body),
  );
}
