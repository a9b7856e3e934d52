import {
  ackNotificationRequestSchema,
  ackNotificationResponseSchema,
  doneReplySchema,
  notificationSettingsResponseSchema,
  notificationIdPathSchema,
  notificationSettingsUpdateSchema,
  notificationsDayQuerySchema,
  notificationsQuerySchema,
  setPlayedRequestSchema,
  notificationsListResponseSchema,
  notificationsRecentResponseSchema,
} from '@sobremesa/contracts';
import { cleanZones } from '@sobremesa/domain';
import type { FastifyInstance } from 'fastify';
import { systemClock, type AppContext } from '../../context.ts';
import { actingAs, copilotAs } from '../../http/route-roles.ts';
import { contractRoutes } from '../../http/route-schemas.ts';
import { startNotificationScheduler } from './notifications.scheduler.ts';
import {
  acknowledgeNotification,
  notificationsOfDay,
  recentNotifications,
  setPlayed,
  updateNotificationSettings,
} from './notifications.service.ts';

/**
 * The notification calls (issue 8, spec §7 "Notifications", decision 011) and the scheduler that
 * escalates unanswered requests and raises upsell reminders, started and stopped with the app.
 * Reads are filtered by the caller's role (`roleId`, else their preselected one) and by the zones
 * (`zones`, room names) the copilot's zone filter selected.
 */
export function registerNotificationRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = contractRoutes(app);
  const copilot = { config: { access: 'copilot' as const } };
  const reading = copilotAs({ matrix: 'notifications', operation: 'read' });

  let scheduler: ReturnType<typeof startNotificationScheduler> | undefined;
  app.addHook('onReady', async () => {
    // The timer follows wall time; an app on a hand-moved test clock runs the same work by calling it.
    if (ctx.clock === systemClock) scheduler = startNotificationScheduler(ctx, app.log);
  });
  app.addHook('onClose', async () => {
    await scheduler?.stop();
  });

  api.get(
    '/world/api/notifications',
    {
      ...reading,
      schema: {
        response: { '2xx': notificationsListResponseSchema },
        querystring: notificationsDayQuerySchema,
      },
    },
    async (request) => {
      const query = request.query;
      const who = actingAs(request, 'notifications');
      const day = await notificationsOfDay(ctx, request.venue, who, {
        date: query.date,
        zones: cleanZones(query.zones),
      });
      return { result: 0, ...day };
    },
  );

  api.get(
    '/world/api/notifications/recent',
    {
      ...reading,
      schema: {
        response: { '2xx': notificationsRecentResponseSchema },
        querystring: notificationsQuerySchema,
      },
    },
    async (request) => {
      const query = request.query;
      const who = actingAs(request, 'notifications');
      return {
        result: 0,
        ...(await recentNotifications(ctx, request.venue, who, { zones: cleanZones(query.zones) })),
      };
    },
  );

  api.get(
    '/world/api/notifications/ticket-request',
    {
      ...reading,
      schema: {
        querystring: notificationsQuerySchema,
        response: { '2xx': notificationsRecentResponseSchema },
      },
    },
    async (request) => {
      const query = request.query;
      const who = actingAs(request, 'notifications');
      const found = await recentNotifications(ctx, request.venue, who, {
        zones: cleanZones(query.zones),
        ticketRequestsOnly: true,
      });
      return { result: 0, ...found };
    },
  );

  for (const path of ['/world/api/notifications/:id/ack', '/world/api/notification/:id/ack/']) {
    api.post(
      path,
      {
        ...reading,
        schema: {
          params: notificationIdPathSchema,
          body: ackNotificationRequestSchema,
          response: { '2xx': ackNotificationResponseSchema },
        },
      },
      async (request) => {
        const who = actingAs(request, 'notifications');
        const notification = await acknowledgeNotification(ctx, request.venue, who, request.params.id);
        return { result: 0, notification };
      },
    );
  }

  api.post(
    '/world/notification/setplayed',
    { ...copilot, schema: { body: setPlayedRequestSchema, response: { '2xx': doneReplySchema } } },
    async (request) => {
      const body = request.body;
      const id = typeof body.notification === 'number' ? body.notification : body.notification.id;
      await setPlayed(ctx, request.venue, id);
      return { result: 0 };
    },
  );

  api.post(
    '/world/api/notifications/settings',
    {
      schema: {
        body: notificationSettingsUpdateSchema,
        response: { '2xx': notificationSettingsResponseSchema },
      },
      config: { access: 'admin' as const },
    },
    async (request) => {
      const body = request.body;
      return { result: 0, settings: await updateNotificationSettings(ctx, request.venue, body) };
    },
  );
}
