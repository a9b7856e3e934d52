import {
  adminAuditResponseSchema,
  adminFiscalResponseSchema,
  fiscalCertificateResponseSchema,
  fiscalChainCheckResponseSchema,
  fiscalRecordsResponseSchema,
  adminBookingsPreviewResponseSchema,
  adminBookingsResponseSchema,
  adminDevicesResponseSchema,
  adminStaffResponseSchema,
  adminVenueResponseSchema,
  listReviewsReplySchema,
} from '@sobremesa/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { fetchDocument } from '../../../lib/api-document.ts';
import { STAFF_QUERY_KEY } from '../../../lib/query-client.ts';

/** The admin area's server state; signing out drops it with the rest of the staff data. */
export const ADMIN_QUERY_KEY = [...STAFF_QUERY_KEY, 'admin'] as const;

/** GET /world/api/admin/venue: identity and settings. */
export const adminVenueQuery = queryOptions({
  queryKey: [...ADMIN_QUERY_KEY, 'venue'],
  queryFn: () => api.request(adminVenueResponseSchema, '/world/api/admin/venue'),
});

/** GET /world/api/admin/bookings: the weekly schedule and the booking rules. */
export const adminBookingsQuery = queryOptions({
  queryKey: [...ADMIN_QUERY_KEY, 'bookings'],
  queryFn: () => api.request(adminBookingsResponseSchema, '/world/api/admin/bookings'),
});

/** GET /world/api/admin/bookings/preview: the times a guest would be offered on a date. */
export function adminBookingsPreviewQuery(date: string, pax: number) {
  return queryOptions({
    queryKey: [...ADMIN_QUERY_KEY, 'bookings', 'preview', date, pax],
    queryFn: () =>
      api.request(
        adminBookingsPreviewResponseSchema,
        `/world/api/admin/bookings/preview?${new URLSearchParams({ date, pax: String(pax) }).toString()}`,
      ),
    retry: false,
  });
}

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
    // While another filter or page loads, the log and its filters' choices stay on screen: without them the
    // selects lost every option (the one just chosen too) and the table went blank for a moment.
    placeholderData: keepPreviousData,
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

/** GET /world/api/admin/devices: drawers, card readers, stations and their printers. */
export const adminDevicesQuery = queryOptions({
  queryKey: [...ADMIN_QUERY_KEY, 'devices'],
  queryFn: () => api.request(adminDevicesResponseSchema, '/world/api/admin/devices'),
});

/** GET /world/api/admin/staff: the team and the roles to give them. */
export const adminStaffQuery = queryOptions({
  queryKey: [...ADMIN_QUERY_KEY, 'staff'],
  queryFn: () => api.request(adminStaffResponseSchema, '/world/api/admin/staff'),
});

/** GET /world/api/admin/fiscal: the VERI*FACTU settings and the issuer they record for. */
export const adminFiscalQuery = queryOptions({
  queryKey: [...ADMIN_QUERY_KEY, 'fiscal'],
  queryFn: () => api.request(adminFiscalResponseSchema, '/world/api/admin/fiscal'),
});

/** A period of the venue's calendar, both days included. */
export interface FiscalPeriod {
  readonly from: string;
  readonly to: string;
}

const period = ({ from, to }: FiscalPeriod) => new URLSearchParams({ from, to }).toString();

/** GET /world/api/fiscal/records: a period's records in chain order, with their submission state. */
export function fiscalRecordsQuery(range: FiscalPeriod) {
  return queryOptions({
    queryKey: [...ADMIN_QUERY_KEY, 'fiscal', 'records', range],
    queryFn: () => api.request(fiscalRecordsResponseSchema, `/world/api/fiscal/records?${period(range)}`),
    retry: false,
  });
}

/** GET /world/api/fiscal/certificate: whom the venue's certificate names and until when, never the key. */
export const fiscalCertificateQuery = queryOptions({
  queryKey: [...ADMIN_QUERY_KEY, 'fiscal', 'certificate'],
  queryFn: () => api.request(fiscalCertificateResponseSchema, '/world/api/fiscal/certificate'),
});

/** GET /world/api/fiscal/chain-check, asked for on demand: each check reads the chain afresh. */
export const fiscalChainCheckQuery = queryOptions({
  queryKey: [...ADMIN_QUERY_KEY, 'fiscal', 'chain-check'],
  queryFn: () => api.request(fiscalChainCheckResponseSchema, '/world/api/fiscal/chain-check'),
  enabled: false,
  gcTime: 0,
  retry: false,
});

/** The period as the agency's XML message, for an inspector. */
export const exportFiscalXml = (range: FiscalPeriod) =>
  fetchDocument(`/world/api/fiscal/records.xml?${period(range)}`);
