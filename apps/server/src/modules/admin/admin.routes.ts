import {
  adminAuditQuerySchema,
  adminFiscalSettingsUpdateSchema,
  adminBookingRulesUpdateSchema,
  adminBookingsPreviewQuerySchema,
  adminScheduleUpdateSchema,
  adminVenueIdentityUpdateSchema,
  cardReaderInputSchema,
  cashDrawerCreateSchema,
  cashDrawerUpdateSchema,
  deviceIdParamsSchema,
  stationPrintersUpdateSchema,
  adminStaffInviteSchema,
  adminStaffRolesSchema,
  idParamSchema,
  setPasswordRequestSchema,
  doneReplySchema,
  adminAuditResponseSchema,
  adminBookingRulesResponseSchema,
  adminBookingsPreviewResponseSchema,
  adminBookingsResponseSchema,
  adminCardReaderResponseSchema,
  adminCashDrawerResponseSchema,
  adminDeviceRemovedResponseSchema,
  adminDevicesResponseSchema,
  adminFiscalResponseSchema,
  adminFiscalSettingsResponseSchema,
  adminScheduleResponseSchema,
  adminStaffCapabilityResponseSchema,
  adminStaffMemberResponseSchema,
  adminStaffResponseSchema,
  adminVenueIdentityResponseSchema,
  adminVenueResponseSchema,
  stationPrintersResponseSchema,
} from '@sobremesa/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { principalOf } from '../../http/auth.ts';
import { clientNetwork } from '../../lib/client-network.ts';
import type { RateLimitRule } from '../rate-limit/rate-limit.service.ts';
import { requestOrigin } from '../../http/security.ts';
import { contractRoutes } from '../../http/route-schemas.ts';
import { adminRoutes } from './admin-route-register.ts';
import { auditPage } from './admin-audit.service.ts';
import { adminFiscal, updateFiscalSettings } from './admin-fiscal.service.ts';
import {
  adminBookings,
  bookingsPreview,
  updateBookingRules,
  updateSchedule,
} from './admin-bookings.service.ts';
import {
  inviteMember,
  resetMemberPassword,
  setMemberDisabled,
  setMemberRoles,
  setPasswordWithCode,
  staffPage,
} from './admin-staff.service.ts';
import { adminVenue, updateVenueIdentity } from './admin-venue.service.ts';
import {
  adminDevices,
  createCardReader,
  createCashDrawer,
  removeCardReader,
  removeCashDrawer,
  updateCardReader,
  updateCashDrawer,
  updateStationPrinters,
} from './devices.service.ts';

/** Guesses at set-password codes from one address (each code is also spent on first use and expires). */
export const SET_PASSWORD_PER_ADDRESS: RateLimitRule = {
  name: 'set-password-ip',
  max: 10,
  windowSeconds: 900,
};

const memberParamsSchema = z.strictObject({ id: idParamSchema });

/**
 * The admin area's calls (/ebitdata, issue 22), admin role only. The venue's settings document is
 * changed through POST /world/api/venueconfig/update (config module), which this area's forms call.
 */
export function registerAdminRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = contractRoutes(app);
  const admin = adminRoutes(app, ctx);
  admin.read('/world/api/admin/venue', { response: adminVenueResponseSchema }, (call) =>
    adminVenue(ctx, call.venue),
  );
  admin.write(
    '/world/api/admin/venue/identity',
    { body: adminVenueIdentityUpdateSchema, response: adminVenueIdentityResponseSchema },
    (call) => updateVenueIdentity(ctx, call.venue, call.staff, call.body),
  );
  admin.read(
    '/world/api/admin/audit',
    { querystring: adminAuditQuerySchema, response: adminAuditResponseSchema },
    (call) => auditPage(ctx, call.venue, call.query),
  );

  admin.read('/world/api/admin/bookings', { response: adminBookingsResponseSchema }, (call) =>
    adminBookings(ctx, call.venue),
  );
  admin.write(
    '/world/api/admin/bookings/schedule',
    { body: adminScheduleUpdateSchema, response: adminScheduleResponseSchema },
    (call) => updateSchedule(ctx, call.venue, call.staff, call.body.services),
  );
  admin.write(
    '/world/api/admin/bookings/rules',
    { body: adminBookingRulesUpdateSchema, response: adminBookingRulesResponseSchema },
    (call) => updateBookingRules(ctx, call.venue, call.staff, call.body.bookingRules),
  );
  admin.read(
    '/world/api/admin/bookings/preview',
    { querystring: adminBookingsPreviewQuerySchema, response: adminBookingsPreviewResponseSchema },
    (call) => bookingsPreview(ctx, call.venue, call.query),
  );

  // Devices (issue 22 item 6): cash drawers with their denominations, card readers, station printers.
  admin.read('/world/api/admin/devices', { response: adminDevicesResponseSchema }, (call) =>
    adminDevices(ctx, call.venue),
  );
  const removed = adminDeviceRemovedResponseSchema;
  admin.rows(
    '/world/api/admin/cash-drawers',
    {
      params: deviceIdParamsSchema,
      create: cashDrawerCreateSchema,
      update: cashDrawerUpdateSchema,
      response: adminCashDrawerResponseSchema,
      field: 'cashDrawer',
      removed,
    },
    { create: createCashDrawer, update: updateCashDrawer, remove: removeCashDrawer },
  );
  admin.rows(
    '/world/api/admin/card-readers',
    {
      params: deviceIdParamsSchema,
      create: cardReaderInputSchema,
      update: cardReaderInputSchema,
      response: adminCardReaderResponseSchema,
      field: 'cardReader',
      removed,
    },
    { create: createCardReader, update: updateCardReader, remove: removeCardReader },
  );
  admin.write(
    '/world/api/admin/station-printers',
    { body: stationPrintersUpdateSchema, response: stationPrintersResponseSchema, field: 'stationPrinters' },
    (call) => updateStationPrinters(ctx, call.venue, call.staff, call.body),
  );

  // Fiscal (issue 23 item 6): the VERI*FACTU switch, the installation number and the agency's environment.
  admin.read('/world/api/admin/fiscal', { response: adminFiscalResponseSchema }, (call) =>
    adminFiscal(ctx, call.venue),
  );
  admin.write(
    '/world/api/admin/fiscal/settings',
    { body: adminFiscalSettingsUpdateSchema, response: adminFiscalSettingsResponseSchema, field: 'settings' },
    (call) => updateFiscalSettings(ctx, call.venue, call.staff, call.body),
  );

  api.get(
    '/world/api/admin/staff',
    { schema: { response: { '2xx': adminStaffResponseSchema } }, config: { access: 'admin' } },
    async (request) => ({ result: 0, ...(await staffPage(ctx, request.venue)) }),
  );

  api.post(
    '/world/api/admin/staff/invite',
    {
      schema: { body: adminStaffInviteSchema, response: { '2xx': adminStaffCapabilityResponseSchema } },
      config: { access: 'admin' },
    },
    async (request) => {
      const body = request.body;
      const origin = requestOrigin(request);
      return {
        result: 0,
        ...(await inviteMember(ctx, request.venue, principalOf(request), body, origin, request.log)),
      };
    },
  );

  api.post(
    '/world/api/admin/staff/:id/roles',
    {
      schema: {
        params: memberParamsSchema,
        body: adminStaffRolesSchema,
        response: { '2xx': adminStaffMemberResponseSchema },
      },
      config: { access: 'admin' },
    },
    async (request) => {
      const { id } = request.params;
      const body = request.body;
      return {
        result: 0,
        member: await setMemberRoles(ctx, request.venue, principalOf(request), id, body.roleIds),
      };
    },
  );

  for (const [action, disabled] of [
    ['disable', true],
    ['enable', false],
  ] as const) {
    api.post(
      `/world/api/admin/staff/:id/${action}`,
      {
        schema: { params: memberParamsSchema, response: { '2xx': adminStaffMemberResponseSchema } },
        config: { access: 'admin' },
      },
      async (request) => {
        const { id } = request.params;
        return {
          result: 0,
          member: await setMemberDisabled(ctx, request.venue, principalOf(request), id, disabled),
        };
      },
    );
  }

  api.post(
    '/world/api/admin/staff/:id/reset-password',
    {
      schema: { params: memberParamsSchema, response: { '2xx': adminStaffCapabilityResponseSchema } },
      config: { access: 'admin' },
    },
    async (request) => {
      const { id } = request.params;
      const origin = requestOrigin(request);
      return {
        result: 0,
        ...(await resetMemberPassword(ctx, request.venue, principalOf(request), id, origin, request.log)),
      };
    },
  );

  // The invitee has no session yet: the code (or the link's) is the capability.
  api.post(
    '/world/api/user/set-password',
    {
      schema: { body: setPasswordRequestSchema, response: { '2xx': doneReplySchema } },
      config: { access: 'public' },
    },
    async (request) => {
      const body = request.body;
      await ctx.rateLimiter.consume(SET_PASSWORD_PER_ADDRESS, clientNetwork(request.ip));
      await setPasswordWithCode(ctx, request.venue, body);
      return { result: 0 };
    },
  );
}
