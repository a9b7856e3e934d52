import {
  adminScheduleResponseSchema,
  adminBookingRulesResponseSchema,
  adminVenueIdentityResponseSchema,
  venueConfigUpdateResponseSchema,
} from '@sobremesa/contracts';
import { api } from '../../../lib/api.ts';
import { venueConfigQuery } from '../../../lib/config-queries.ts';
import { useWriteThenRead } from '../../../lib/write-then-read.ts';
import { ADMIN_QUERY_KEY, adminVenueQuery } from './admin-api.ts';

export const adminCalls = {
  updateIdentity: (body: Record<string, unknown>) =>
    api.request(adminVenueIdentityResponseSchema, '/world/api/admin/venue/identity', { body }),
  updateSchedule: (body: { services: unknown[] }) =>
    api.request(adminScheduleResponseSchema, '/world/api/admin/bookings/schedule', { body }),
  updateBookingRules: (body: { bookingRules: unknown }) =>
    api.request(adminBookingRulesResponseSchema, '/world/api/admin/bookings/rules', { body }),
  updateSettings: (body: Record<string, unknown>) =>
    api.request(venueConfigUpdateResponseSchema, '/world/api/venueconfig/update', { body }),
};

/** A change to the venue or its images: its page and the venue config every screen reads are read again. */
export const useVenueWrite = () => useWriteThenRead([adminVenueQuery.queryKey, venueConfigQuery.queryKey]);

/** A change to the services or the booking rules: the bookings page (and its preview) and the venue config. */
export const useBookingSettingsWrite = () =>
  useWriteThenRead([[...ADMIN_QUERY_KEY, 'bookings'], venueConfigQuery.queryKey]);
