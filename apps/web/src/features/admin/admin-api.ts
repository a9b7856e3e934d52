import {
  adminAuditResponseSchema,
  adminStaffCapabilityResponseSchema,
  adminStaffMemberResponseSchema,
  adminStaffResponseSchema,
  adminVenueIdentityResponseSchema,
  adminVenueResponseSchema,
  listReviewsReplySchema,
  venueConfigResponseSchema,
} from '@sobremesa/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';
import { STAFF_QUERY_KEY } from '../../lib/query-client.ts';

/** The admin area's server state; signing out drops it with the rest of the staff data. */
export const ADMIN_QUERY_KEY = [...STAFF_QUERY_KEY, 'admin'] as const;

/** GET /world/api/admin/venue: identity and settings. */
export const adminVenueQuery = queryOptions({
  queryKey: [...ADMIN_QUERY_KEY, 'venue'],
  queryFn: () => api.request(adminVenueResponseSchema, '/world/api/admin/venue'),
});

export interface AuditFilters {
  readonly action?: string;
  readonly entity?: string;
}

/** GET /world/api/admin/audit, a page at a time. */
export function adminAuditQuery(filters: AuditFilters, beforeId: number | null) {
  const query = new URLSearchParams();
  if (filters.action) query.set('action', filters.action);
  if (filters.entity) query.set('entity', filters.entity);
  if (beforeId !== null) query.set('beforeId', String(beforeId));
  query.set('limit', '25');
  return queryOptions({
    queryKey: [...ADMIN_QUERY_KEY, 'audit', filters, beforeId],
    queryFn: () => api.request(adminAuditResponseSchema, `/world/api/admin/audit?${query.toString()}`),
  });
}

export interface ReviewFilters {
  /** Service days, inclusive. */
  readonly dateFrom: string;
  readonly dateTo: string;
  /** Only reviews rated at most this; all when absent. */
  readonly maxRating?: number;
}

/** POST /world/api/review/list: the venue's reviews of a period, optionally only the lower ratings. */
export function adminReviewsQuery(filters: ReviewFilters) {
  return queryOptions({
    queryKey: [...ADMIN_QUERY_KEY, 'reviews', filters],
    queryFn: () => api.request(listReviewsReplySchema, '/world/api/review/list', { body: { ...filters } }),
    retry: false,
  });
}

/** GET /world/api/admin/staff: the team and the roles to give them. */
export const adminStaffQuery = queryOptions({
  queryKey: [...ADMIN_QUERY_KEY, 'staff'],
  queryFn: () => api.request(adminStaffResponseSchema, '/world/api/admin/staff'),
});

const member = (id: number, action: string) => `/world/api/admin/staff/${id}/${action}`;

export const adminStaffCalls = {
  invite: (body: { name: string; email: string; roleIds: number[] }) =>
    api.request(adminStaffCapabilityResponseSchema, '/world/api/admin/staff/invite', { body }),
  setRoles: (id: number, roleIds: number[]) =>
    api.request(adminStaffMemberResponseSchema, member(id, 'roles'), { body: { roleIds } }),
  setDisabled: (id: number, disabled: boolean) =>
    api.request(adminStaffMemberResponseSchema, member(id, disabled ? 'disable' : 'enable'), { body: {} }),
  resetPassword: (id: number) =>
    api.request(adminStaffCapabilityResponseSchema, member(id, 'reset-password'), { body: {} }),
};

export const adminCalls = {
  updateIdentity: (body: Record<string, unknown>) =>
    api.request(adminVenueIdentityResponseSchema, '/world/api/admin/venue/identity', { body }),
  updateSettings: (body: Record<string, unknown>) =>
    api.request(venueConfigResponseSchema, '/world/api/venueconfig/update', { body }),
};
