import { venueSettingsSchema, type VenueSettings } from '@sobremesa/contracts';
import type { Database } from '../../db/database.ts';
import { lookupForHost } from './host.ts';
import {
  findDefaultVenue,
  findVenueByCustomHost,
  findVenueBySubdomain,
  type VenueRow,
} from './venues.repository.ts';

/** A new venue and the starter set it opens with (venue:create, the demo seed). */
export { createVenue, type NewVenue } from './venue-provisioning.service.ts';
/** Admin's changes to a venue's identity and settings. */
export { writeVenueIdentity, writeVenueSettings, type VenueIdentityChange } from './venue-updates.service.ts';
export { equipNewVenue, STARTER_ROLES, type StarterRole, type StationKind } from './venue-starter.ts';

/** A resolved venue with its settings completed by the spec's defaults. */
export interface Venue {
  readonly id: number;
  readonly subdomain: string;
  readonly businessName: string;
  readonly status: 'active' | 'suspended';
  readonly timeZone: string;
  readonly currency: string;
  readonly defaultLocale: string;
  readonly settings: VenueSettings;
}

function toVenue(row: VenueRow): Venue {
  return {
    id: row.id,
    subdomain: row.subdomain,
    businessName: row.businessName,
    status: row.status === 'suspended' ? 'suspended' : 'active',
    timeZone: row.timeZone,
    currency: row.currency,
    defaultLocale: row.defaultLocale,
    settings: venueSettingsSchema.parse(row.settings),
  };
}

const CACHE_TTL_MS = 2000;

/**
 * Resolves request hosts to venues. A short cache keeps the lookup off the hot path while a suspension
 * or settings change still takes effect within two seconds on every instance, and at once on the instance
 * that made it. A lookup that began before that instance forgot (it may have read the row as it was before
 * the change) is answered but not kept: kept, it would hide the change for two seconds from the staff
 * screens that the change's own event sends to read it again.
 */
export class VenueDirectory {
  private readonly cache = new Map<string, { venue: Venue | undefined; expiresAt: number }>();
  private generation = 0;

  constructor(
    private readonly db: Database,
    private readonly baseDomain: string,
    private readonly now: () => number = Date.now,
  ) {}

  async resolveHost(hostname: string): Promise<Venue | undefined> {
    const cached = this.cache.get(hostname);
    if (cached && cached.expiresAt > this.now()) return cached.venue;
    const generation = this.generation;
    const lookup = lookupForHost(hostname, this.baseDomain);
    const row =
      lookup.kind === 'default'
        ? await findDefaultVenue(this.db)
        : lookup.kind === 'subdomain'
          ? await findVenueBySubdomain(this.db, lookup.subdomain)
          : await findVenueByCustomHost(this.db, lookup.host);
    const venue = row ? toVenue(row) : undefined;
    if (generation !== this.generation) return venue;
    if (this.cache.size > 10_000) this.cache.clear();
    this.cache.set(hostname, { venue, expiresAt: this.now() + CACHE_TTL_MS });
    return venue;
  }

  /** Forgets cached lookups, after a venue was created or changed by this instance. */
  invalidate(): void {
    this.generation += 1;
    this.cache.clear();
  }
}
