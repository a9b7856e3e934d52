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
  api.get(
    '/world/api/admin/venue',
    { schema: { response: { '2xx': adminVenueResponseSchema } }, config: { access: 'admin' } },
    async (request) => ({ result: 0, ...(await adminVenue(ctx, request.venue)) }),
  );

  api.post(
    '/world/api/admin/venue/identity',
    {
      schema: { body: adminVenueIdentityUpdateSchema, response: { '2xx': adminVenueIdentityResponseSchema } },
      config: { access: 'admin' },
    },
    async (request) => {
      const body = request.body;
      return { result: 0, ...(await updateVenueIdentity(ctx, request.venue, principalOf(request), body)) };
    },
  );

  api.get(
    '/world/api/admin/audit',
    {
      schema: { querystring: adminAuditQuerySchema, response: { '2xx': adminAuditResponseSchema } },
      config: { access: 'admin' },
    },
    async (request) => {
      const query = request.query;
      return { result: 0, ...(await auditPage(ctx, request.venue, query)) };
    },
  );

  api.get(
    '/world/api/admin/bookings',
    { schema: { response: { '2xx': adminBookingsResponseSchema } }, config: { access: 'admin' } },
    async (request) => ({ result: 0, ...(await adminBookings(ctx, request.venue)) }),
  );

  api.post(
    '/world/api/admin/bookings/schedule',
    {
      schema: { body: adminScheduleUpdateSchema, response: { '2xx': adminScheduleResponseSchema } },
      config: { access: 'admin' },
    },
    async (request) => {
      const { services } = request.body;
      return { result: 0, ...(await updateSchedule(ctx, request.venue, principalOf(request), services)) };
    },
  );

  api.post(
    '/world/api/admin/bookings/rules',
    {
      schema: { body: adminBookingRulesUpdateSchema, response: { '2xx': adminBookingRulesResponseSchema } },
      config: { access: 'admin' },
    },
    async (request) => {
      const { bookingRules } = request.body;
      return {
        result: 0,
        ...(await updateBookingRules(ctx, request.venue, principalOf(request), bookingRules)),
      };
    },
  );

  api.get(
    '/world/api/admin/bookings/preview',
    {
      schema: {
        querystring: adminBookingsPreviewQuerySchema,
        response: { '2xx': adminBookingsPreviewResponseSchema },
      },
      config: { access: 'admin' },
    },
    async (request) => {
      const query = request.query;
      return { result: 0, ...(await bookingsPreview(ctx, request.venue, query)) };
    },
  );

  // Devices (issue 22 item 6): cash drawers with their denominations, card readers, station printers.
  api.get(
    '/world/api/admin/devices',
    { schema: { response: { '2xx': adminDevicesResponseSchema } }, config: { access: 'admin' } },
    async (request) => ({ result: 0, ...(await adminDevices(ctx, request.venue)) }),
  );

  api.post(
    '/world/api/admin/cash-drawers',
    {
      schema: { body: cashDrawerCreateSchema, response: { '2xx': adminCashDrawerResponseSchema } },
      config: { access: 'admin' },
    },
    async (request) => {
      const body = request.body;
      return {
        result: 0,
        cashDrawer: await createCashDrawer(ctx, request.venue, principalOf(request), body),
      };
    },
  );

  api.post(
    '/world/api/admin/cash-drawers/:id',
    {
      schema: {
        params: deviceIdParamsSchema,
        body: cashDrawerUpdateSchema,
        response: { '2xx': adminCashDrawerResponseSchema },
      },
      config: { access: 'admin' },
    },
    async (request) => {
      const { id } = request.params;
      const body = request.body;
      return {
        result: 0,
        cashDrawer: await updateCashDrawer(ctx, request.venue, principalOf(request), id, body),
      };
    },
  );

  api.post(
    '/world/api/admin/cash-drawers/:id/remove',
    {
      schema: { params: deviceIdParamsSchema, response: { '2xx': adminDeviceRemovedResponseSchema } },
      config: { access: 'admin' },
    },
    async (request) => {
      const { id } = request.params;
      await removeCashDrawer(ctx, request.venue, principalOf(request), id);
      return { result: 0 };
    },
  );

  api.post(
    '/world/api/admin/card-readers',
    {
      schema: { body: cardReaderInputSchema, response: { '2xx': adminCardReaderResponseSchema } },
      config: { access: 'admin' },
    },
    async (request) => {
      const body = request.body;
      return {
        result: 0,
        cardReader: await createCardReader(ctx, request.venue, principalOf(request), body),
      };
    },
  );

  api.post(
    '/world/api/admin/card-readers/:id',
    {
      schema: {
        params: deviceIdParamsSchema,
        body: cardReaderInputSchema,
        response: { '2xx': adminCardReaderResponseSchema },
      },
      config: { access: 'admin' },
    },
    async (request) => {
      const { id } = request.params;
      const body = request.body;
      return {
        result: 0,
        cardReader: await updateCardReader(ctx, request.venue, principalOf(request), id, body),
      };
    },
  );

  api.post(
    '/world/api/admin/card-readers/:id/remove',
    {
      schema: { params: deviceIdParamsSchema, response: { '2xx': adminDeviceRemovedResponseSchema } },
      config: { access: 'admin' },
    },
    async (request) => {
      const { id } = request.params;
      await removeCardReader(ctx, request.venue, principalOf(request), id);
      return { result: 0 };
    },
  );

  api.post(
    '/world/api/admin/station-printers',
    {
      schema: { body: stationPrintersUpdateSchema, response: { '2xx': stationPrintersResponseSchema } },
      config: { access: 'admin' },
    },
    async (request) => {
      const body = request.body;
      return {
        result: 0,
        stationPrinters: await updateStationPrinters(ctx, request.venue, principalOf(request), body),
      };
    },
  );

  // Fiscal (issue 23 item 6): the VERI*FACTU switch, the installation number and the agency's environment.
  api.get(
    '/world/api/admin/fiscal',
    { schema: { response: { '2xx': adminFiscalResponseSchema } }, config: { access: 'admin' } },
    async (request) => ({ result: 0, ...(await adminFiscal(ctx, request.venue)) }),
  );

  api.post(
    '/world/api/admin/fiscal/settings',
    {
      schema: {
        body: adminFiscalSettingsUpdateSchema,
        response: { '2xx': adminFiscalSettingsResponseSchema },
      },
      config: { access: 'admin' },
    },
    async (request) => {
      const body = request.body;
      return {
        result: 0,
        settings: await updateFiscalSettings(ctx, request.venue, principalOf(request), body),
      };
    },
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
