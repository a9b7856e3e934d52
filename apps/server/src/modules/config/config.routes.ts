import { translationsRequestSchema } from '@sobremesa/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { requestLocale } from '../../http/locale.ts';
import { principalOf } from '../../http/auth.ts';
import { requestOrigin } from '../../http/security.ts';
import { parseInput } from '../../http/validation.ts';
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
import { updateVenueSettings, venueSettingsUpdateSchema } from './venue-settings-update.ts';

/**
 * Configuration calls of spec §7 "Config". Guest screens (reservar, menu) read the venue's public
 * configuration without a token; what only staff need (roles, tables, cash) requires the copilot role.
 */
export function registerConfigRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/world/api/systemconfig', { config: { access: 'public' } }, async (request) => {
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
  });

  app.post('/world/api/config/logical-date', { config: { access: 'public' } }, async (request) => ({
    result: 0,
    logicalDate: currentLogicalDate(ctx, request.venue),
  }));

  app.post('/world/api/venueconfig', { config: { access: 'public' } }, async (request) => ({
    result: 0,
    venueConfig: await venueConfig(ctx, request.venue),
  }));

  // The venue's admin changes its settings (for example the sites that embed the booking form).
  app.post('/world/api/venueconfig/update', { config: { access: 'admin' } }, async (request) => {
    const body = parseInput(venueSettingsUpdateSchema, request.body);
    const updated = await updateVenueSettings(ctx, request.venue, principalOf(request), body);
    return { result: 0, ...updated };
  });

  app.post('/world/api/elaborationtype/get', { config: { access: 'public' } }, async (request) => ({
    result: 0,
    elaborationTypes: await elaborationTypes(ctx, request.venue),
  }));

  app.post('/world/api/venuemenus', { config: { access: 'public' } }, async (request) => ({
    result: 0,
    menus: await venueMenus(ctx, request.venue, requestLocale(request)),
  }));

  app.get('/world/api/allergens/list', { config: { access: 'public' } }, async (request) => ({
    result: 0,
    allergens: await allergenList(ctx, requestLocale(request)),
  }));

  app.post('/world/api/translations/get', { config: { access: 'public' } }, async (request) => {
    const body = parseInput(translationsRequestSchema, request.body);
    const locale = body.locale ?? requestLocale(request);
    return { result: 0, locale, translations: await translateKeys(ctx, request.venue, body.keys, locale) };
  });

  app.get('/world/api/copilotrole/list', { config: { access: 'copilot' } }, async (request) => ({
    result: 0,
    copilotRoles: await listVenueRoles(ctx.db, request.venue.id),
  }));

  app.get('/world/api/tables', { config: { access: 'copilot' } }, async (request) => ({
    result: 0,
    ...(await roomsWithTables(ctx, request.venue)),
  }));

  app.post('/world/api/accounting-config', { config: { access: 'copilot' } }, async (request) => ({
    result: 0,
    accountingConfig: await accountingConfig(ctx, request.venue),
  }));
}
