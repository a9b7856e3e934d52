import {
  venueSettingsSchema,
  type AdminVenue,
  type AdminVenueIdentityUpdate,
  type AdminVenueResponse,
} from '@sobremesa/contracts';
import { DEFAULT_LOCALE, isLocale } from '@sobremesa/domain';
import type { AppContext } from '../../context.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import { VENUE_CONFIG_UPDATED } from '../config/config.service.ts';
import { appendEvent } from '../realtime/realtime.service.ts';
import type { StaffPrincipal } from '../users/users.service.ts';
import { writeVenueIdentity, type Venue } from '../venues/venues.service.ts';
import { auditAdminChange } from './admin-audit.service.ts';
import {
  findVenueIdentity,
  hostTakenByOther,
  lockVenueIdentity,
  type VenueIdentityRow,
} from './admin-venue.repository.ts';

function toAdminVenue(row: NonNullable<VenueIdentityRow>): AdminVenue {
  return {
    businessName: row.businessName,
    subdomain: row.subdomain,
    customHost: row.customHost,
    timeZone: row.timeZone,
    defaultLocale: isLocale(row.defaultLocale) ? row.defaultLocale : DEFAULT_LOCALE,
    currency: row.currency,
  };
}

/** What the admin's venue screen edits: the identity columns and the whole settings document. */
export async function adminVenue(ctx: AppContext, venue: Venue): Promise<Omit<AdminVenueResponse, 'result'>> {
  const row = await findVenueIdentity(ctx.db, venue.id);
  if (!row) throw notFound();
  return { venue: toAdminVenue(row), settings: venueSettingsSchema.parse(row.settings) };
}

/**
 * Changes the venue's name, addresses, time zone or default language (admin only), under a row lock,
 * with an audit row of the changed fields (SEC-11) and a `venue.config.updated` event. A subdomain or
 * custom host another venue answers on is a 409 at its field; a custom host under the platform's own
 * domain is refused, as that name belongs to the subdomain scheme. The venue directory's cache is
 * dropped so the new host answers at once here and within two seconds on other instances.
 */
export async function updateVenueIdentity(
  ctx: AppContext,
  venue: Venue,
  staff: StaffPrincipal,
  update: AdminVenueIdentityUpdate,
): Promise<{ venue: AdminVenue; changed: string[] }> {
  const base = ctx.settings.baseDomain.toLowerCase();
  if (update.customHost && (update.customHost === base || update.customHost.endsWith(`.${base}`))) {
    throw new AppError(400, 'VALIDATION_FAILED', 'validation_failed', {
      fields: [
        { path: 'customHost', message: `A host outside ${base}; use the subdomain field for ${base}` },
      ],
    });
  }
  const result = await ctx.db.transaction(async (tx) => {
    const current = await lockVenueIdentity(tx, venue.id);
    if (!current) throw notFound();
    const before = toAdminVenue(current);
    const patch = Object.fromEntries(
      Object.entries(update).filter(
        ([key, value]) => value !== undefined && value !== before[key as keyof AdminVenue],
      ),
    ) as AdminVenueIdentityUpdate;
    const changed = Object.keys(patch).sort();
    if (changed.length === 0) return { venue: before, changed };
    for (const field of ['subdomain', 'customHost'] as const) {
      const value = patch[field];
      if (value && (await hostTakenByOther(tx, venue.id, field, value))) {
        throw new AppError(409, 'CONFLICT', 'admin_address_taken', {
          fields: [{ path: field, message: 'Already used by another venue' }],
        });
      }
    }
    await writeVenueIdentity(tx, venue.id, patch);
    const after = { ...before, ...patch };
    await auditAdminChange(tx, venue, staff, {
      action: 'venue.identity.update',
      entity: 'venue',
      entityId: venue.id,
      before: Object.fromEntries(changed.map((key) => [key, before[key as keyof AdminVenue]])),
      after: Object.fromEntries(changed.map((key) => [key, after[key as keyof AdminVenue]])),
    });
    await appendEvent(tx, venue.id, VENUE_CONFIG_UPDATED, { changed });
    return { venue: after, changed };
  });
  ctx.venues.invalidate();
  return result;
}
