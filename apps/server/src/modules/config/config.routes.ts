import {
  accountingConfigResponseSchema,
  allergensResponseSchema,
  copilotRolesResponseSchema,
  elaborationTypesResponseSchema,
  logicalDateResponseSchema,
  systemConfigResponseSchema,
  tablesResponseSchema,
  translationsRequestSchema,
  translationsResponseSchema,
  venueConfigResponseSchema,
  venueConfigUpdateResponseSchema,
  venueMenusResponseSchema,
} from '@sobremesa/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { requestLocale } from '../../http/locale.ts';
import { principalOf } from '../../http/auth.ts';
import { requestOrigin } from '../../http/security.ts';
import { contractRoutes, JSON_CONTENT_TYPE, replySerializer } from '../../http/route-schemas.ts';
import { listVenueRoles } from '../copilot-roles/copilot-roles.service.ts';
import {
  accountingConfig,
  allergenList,
  currentLogicalDate,
  elaborationTypes,
  roomsWithTables,
  translateKeys,
  venueConfig,
  venueMenus,
  websocketEndpoint,
} from './config.service.ts';
import { accountingConfigCacheOf } from './accounting-config-cache.ts';
import { updateVenueSettings, venueSettingsUpdateSchema } from './venue-settings-update.ts';

/**
 * Configuration calls of spec §7 "Config". Guest screens (reservar, menu) read the venue's public
 * configuration without a token; what only staff need (roles, tables, cash) requires the copilot role.
 */
export function registerConfigRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = contractRoutes(app);
  api.get(
    '/world/api/systemconfig',
    { schema: { response: { 200: systemConfigResponseSchema } }, config: { access: 'public' } },
    async (request) => {
      const origin = requestOrigin(request);
      const websocket = websocketEndpoint(ctx, origin);
      return {
        result: 0,
        systemConfig: {
          websocket_url: websocket.url,
          websocket_port: websocket.port,
          wepass_url: origin,
          logicalDate: currentLogicalDate(ctx, request.venue),
          timeZone: request.venue.timeZone,
          serverTime: ctx.clock.now().toISOString(),
        },
      };
    },
  );

  api.post(
    '/world/api/config/logical-date',
    { schema: { response: { 200: logicalDateResponseSchema } }, config: { access: 'public' } },
    async (request) => ({
      result: 0,
      logicalDate: currentLogicalDate(ctx, request.venue),
    }),
  );

  api.post(
    '/world/api/venueconfig',
    { schema: { response: { 200: venueConfigResponseSchema } }, config: { access: 'public' } },
    async (request) => ({
      result: 0,
      venueConfig: await venueConfig(ctx, request.venue),
    }),
  );

  // The venue's admin changes its settings (for example the sites that embed the booking form).
  api.post(
    '/world/api/venueconfig/update',
    {
      schema: { body: venueSettingsUpdateSchema, response: { '2xx': venueConfigUpdateResponseSchema } },
      config: { access: 'admin' },
    },
    async (request) => {
      const body = request.body;
      const updated = await updateVenueSettings(ctx, request.venue, principalOf(request), body);
      return { result: 0, ...updated };
    },
  );

  api.post(
    '/world/api/elaborationtype/get',
    { schema: { response: { 200: elaborationTypesResponseSchema } }, config: { access: 'public' } },
    async (request) => ({
      result: 0,
      elaborationTypes: await elaborationTypes(ctx, request.venue),
    }),
  );

  api.post(
    '/world/api/venuemenus',
    { schema: { response: { 200: venueMenusResponseSchema } }, config: { access: 'public' } },
    async (request) => ({
      result: 0,
      menus: await venueMenus(ctx, request.venue, requestLocale(request)),
    }),
  );

  api.get(
    '/world/api/allergens/list',
    { schema: { response: { 200: allergensResponseSchema } }, config: { access: 'public' } },
    async (request) => ({
      result: 0,
      allergens: await allergenList(ctx, requestLocale(request)),
    }),
  );

  api.post(
    '/world/api/translations/get',
    {
      schema: { body: translationsRequestSchema, response: { 200: translationsResponseSchema } },
      config: { access: 'public' },
    },
    async (request) => {
      const body = request.body;
      const locale = body.locale ?? requestLocale(request);
      return { result: 0, locale, translations: await translateKeys(ctx, request.venue, body.keys, locale) };
    },
  );

  api.get(
    '/world/api/copilotrole/list',
    { schema: { response: { 200: copilotRolesResponseSchema } }, config: { access: 'copilot' } },
    async (request) => ({
      result: 0,
      copilotRoles: await listVenueRoles(ctx.db, request.venue.id),
    }),
  );

  api.get(
    '/world/api/tables',
    { schema: { response: { 200: tablesResponseSchema } }, config: { access: 'copilot' } },
    async (request) => ({
      result: 0,
      ...(await roomsWithTables(ctx, request.venue)),
    }),
  );

  // Every till screen asks again and again: the reply is kept serialized per venue, forgotten by every write
  // of what it shows (decision 054, sixth session); access is checked before, on every call.
  const keptAccountingConfigs = accountingConfigCacheOf(ctx.handle);
  const accountingConfigJson = replySerializer(
    accountingConfigResponseSchema,
    'POST /world/api/accounting-config (200)',
    ctx.settings.checkReplies ?? false,
  );
  api.post(
    '/world/api/accounting-config',
    { schema: { response: { 200: accountingConfigResponseSchema } }, config: { access: 'copilot' } },
    async (request, reply) => {
      const json = await keptAccountingConfigs.reply(request.venue.id, async () =>
        accountingConfigJson({ result: 0, accountingConfig: await accountingConfig(ctx, request.venue) }),
      );
      return reply.type(JSON_CONTENT_TYPE).send(json);
    },
  );
}
