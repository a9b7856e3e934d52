import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { hijackForEventStream, StreamGate, streamLimits } from '../../http/event-stream.ts';
import { MAX_MENU_STREAMS_PER_ADDRESS, MenuEvents } from './menu-events.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Open guest menus' live product streams of this instance. */
    menuEvents: MenuEvents;
  }
}

/**
 * The guest menu's live stream of product availability (issue 6, decision 014):
 * `GET /world/api/menu/product-events` streams `ready`, then `product-changed` for every staff change of
 * a product of the venue, and `order-changed {tableKey}` when a table's order changes (decision 028). Public
 * like `menu/get`: it carries only what the menu shows anyone, and no table's id.
 */
export function registerMenuEventRoutes(app: FastifyInstance, ctx: AppContext): void {
  const events = new MenuEvents(ctx, app.log);
  app.decorate('menuEvents', events);
  app.addHook('onReady', async () => events.start());
  app.addHook('preClose', async () => events.closeAll());
  app.addHook('onClose', async () => events.stop());

  const streams = new StreamGate(streamLimits(MAX_MENU_STREAMS_PER_ADDRESS, ctx.settings.streamLimits));
  app.get(
    '/world/api/menu/product-events',
    { config: { access: 'public', stream: true } },
    async (request, reply) => {
      const venueId = request.venue.id;
      hijackForEventStream(request, reply, streams, (response) => events.open(response, { venueId }));
    },
  );
}
