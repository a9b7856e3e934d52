import { venueSettingsSchema, type VenueSettings } from '@sobremesa/contracts';
import { isValidTimeZone } from '@sobremesa/domain';
import type { Executor } from '../../db/database.ts';
import { insertVenue, type VenueRow } from './venues.repository.ts';

export interface NewVenue {
  readonly subdomain: string;
  readonly businessName: string;
  readonly isDefault?: boolean;
  readonly timeZone?: string;
  readonly customHost?: string;
  readonly settings?: Partial<VenueSettings>;
}

/** Creates a venue; settings are validated so a venue never holds a config the spec's screens cannot read. */
export async function createVenue(db: Executor, venue: NewVenue): Promise<VenueRow> {
  const timeZone = venue.timeZone ?? 'Europe/Madrid';
  if (!isValidTimeZone(timeZone)) throw new Error(`Unknown time zone ${timeZone}`);
  const settings = venueSettingsSchema.parse(venue.settings ?? {});
  return insertVenue(db, {
    subdomain: venue.subdomain.toLowerCase(),
    businessName: venue.businessName,
    isDefault: venue.isDefault ?? false,
    timeZone,
    customHost: venue.customHost?.toLowerCase() ?? null,
    settings,
  });
}
