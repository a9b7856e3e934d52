import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { requestOrigin } from '../../http/security.ts';
import { listVenueRoles } from '../copilot-roles/copilot-roles.service.ts';
import { currentLogicalDate, elaborationTypes, venueConfig, websocketEndpoint } from './config.service.ts';

/** Configuration calls of spec §7 "Config". */
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

  app.post('/world/api/elaborationtype/get', { config: { access: 'public' } }, async (request) => ({
    result: 0,
    elaborationTypes: await elaborationTypes(ctx, request.venue),
  }));

  app.get('/world/api/copilotrole/list', { config: { access: 'copilot' } }, async (request) => ({
    result: 0,
    copilotRoles: await listVenueRoles(ctx.db, request.venue.id),
  }));
}
