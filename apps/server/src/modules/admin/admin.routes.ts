import {
  adminAuditQuerySchema,
  adminBookingRulesUpdateSchema,
  adminBookingsPreviewQuerySchema,
  adminScheduleUpdateSchema,
  adminVenueIdentityUpdateSchema,
  cardReaderInputSchema,
  cashDrawerCreateSchema,
  cashDrawerUpdateSchema,
  deviceIdParamsSchema,
  stationPrintersUpdateSchema,
} from '@sobremesa/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { principalOf } from '../../http/auth.ts';
import { parseInput } from '../../http/validation.ts';
import { auditPage } from './admin-audit.service.ts';
import {
  adminBookings,
  bookingsPreview,
  updateBookingRules,
  updateSchedule,
} from './admin-bookings.service.ts';
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

/**
 * The admin area's calls (/ebitdata, issue 22), admin role only. The venue's settings document is
 * changed through POST /world/api/venueconfig/update (config module), which this area's forms call.
 */
export function registerAdminRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/world/api/admin/venue', { config: { access: 'admin' } }, async (request) => ({
    result: 0,
    ...(await adminVenue(ctx, request.venue)),
  }));

  app.post('/world/api/admin/venue/identity', { config: { access: 'admin' } }, async (request) => {
    const body = parseInput(adminVenueIdentityUpdateSchema, request.body);
    return { result: 0, ...(await updateVenueIdentity(ctx, request.venue, principalOf(request), body)) };
  });

  app.get('/world/api/admin/audit', { config: { access: 'admin' } }, async (request) => {
    const query = parseInput(adminAuditQuerySchema, request.query);
    return { result: 0, ...(await auditPage(ctx, request.venue, query)) };
  });

  app.get('/world/api/admin/bookings', { config: { access: 'admin' } }, async (request) => ({
    result: 0,
    ...(await adminBookings(ctx, request.venue)),
  }));

  app.post('/world/api/admin/bookings/schedule', { config: { access: 'admin' } }, async (request) => {
    const { services } = parseInput(adminScheduleUpdateSchema, request.body);
    return { result: 0, ...(await updateSchedule(ctx, request.venue, principalOf(request), services)) };
  });

  app.post('/world/api/admin/bookings/rules', { config: { access: 'admin' } }, async (request) => {
    const { bookingRules } = parseInput(adminBookingRulesUpdateSchema, request.body);
    return {
      result: 0,
      ...(await updateBookingRules(ctx, request.venue, principalOf(request), bookingRules)),
    };
  });

  app.get('/world/api/admin/bookings/preview', { config: { access: 'admin' } }, async (request) => {
    const query = parseInput(adminBookingsPreviewQuerySchema, request.query);
    return { result: 0, ...(await bookingsPreview(ctx, request.venue, query)) };
  });

  // Devices (issue 22 item 6): cash drawers with their denominations, card readers, station printers.
  app.get('/world/api/admin/devices', { config: { access: 'admin' } }, async (request) => ({
    result: 0,
    ...(await adminDevices(ctx, request.venue)),
  }));

  app.post('/world/api/admin/cash-drawers', { config: { access: 'admin' } }, async (request) => {
    const body = parseInput(cashDrawerCreateSchema, request.body);
    return { result: 0, cashDrawer: await createCashDrawer(ctx, request.venue, principalOf(request), body) };
  });

  app.post('/world/api/admin/cash-drawers/:id', { config: { access: 'admin' } }, async (request) => {
    const { id } = parseInput(deviceIdParamsSchema, request.params);
    const body = parseInput(cashDrawerUpdateSchema, request.body);
    return {
      result: 0,
      cashDrawer: await updateCashDrawer(ctx, request.venue, principalOf(request), id, body),
    };
  });

  app.post('/world/api/admin/cash-drawers/:id/remove', { config: { access: 'admin' } }, async (request) => {
    const { id } = parseInput(deviceIdParamsSchema, request.params);
    await removeCashDrawer(ctx, request.venue, principalOf(request), id);
    return { result: 0 };
  });

  app.post('/world/api/admin/card-readers', { config: { access: 'admin' } }, async (request) => {
    const body = parseInput(cardReaderInputSchema, request.body);
    return { result: 0, cardReader: await createCardReader(ctx, request.venue, principalOf(request), body) };
  });

  app.post('/world/api/admin/card-readers/:id', { config: { access: 'admin' } }, async (request) => {
    const { id } = parseInput(deviceIdParamsSchema, request.params);
    const body = parseInput(cardReaderInputSchema, request.body);
    return {
      result: 0,
      cardReader: await updateCardReader(ctx, request.venue, principalOf(request), id, body),
    };
  });

  app.post('/world/api/admin/card-readers/:id/remove', { config: { access: 'admin' } }, async (request) => {
    const { id } = parseInput(deviceIdParamsSchema, request.params);
    await removeCardReader(ctx, request.venue, principalOf(request), id);
    return { result: 0 };
  });

  app.post('/world/api/admin/station-printers', { config: { access: 'admin' } }, async (request) => {
    const body = parseInput(stationPrintersUpdateSchema, request.body);
    return {
      result: 0,
      stationPrinters: await updateStationPrinters(ctx, request.venue, principalOf(request), body),
    };
  });
}
