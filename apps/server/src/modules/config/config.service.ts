import type { VenueConfig } from '@sobremesa/contracts';
import { isLocale, logicalDate } from '@sobremesa/domain';
import type { AppContext } from '../../context.ts';
import type { Venue } from '../venues/venues.service.ts';
import { listCashDrawers, listElaborationTypes } from './config.repository.ts';

/** The venue's service date now (06:00 boundary in the venue's zone). */
export function currentLogicalDate(ctx: AppContext, venue: Venue): string {
  return logicalDate(ctx.clock.now(), venue.timeZone);
}

/** Where staff screens open their WebSocket: the configured URL, or this request's origin. */
export function websocketEndpoint(ctx: AppContext, origin: string): { url: string; port: number } {
  const url = new URL(ctx.settings.websocketUrl ?? `${origin.replace(/^http/, 'ws')}/world/ws`);
  const port = url.port ? Number(url.port) : url.protocol === 'wss:' ? 443 : 80;
  return { url: url.toString(), port };
}

/** The spec's venue config: the stored settings completed with defaults, plus live lists. */
export async function venueConfig(ctx: AppContext, venue: Venue): Promise<VenueConfig> {
  const [elaborationTypes, cashDrawers] = await Promise.all([
    listElaborationTypes(ctx.db, venue.id),
    listCashDrawers(ctx.db, venue.id),
  ]);
  return {
    ...venue.settings,
    id: venue.id,
    subdomain: venue.subdomain,
    business_name: venue.businessName,
    timeZone: venue.timeZone,
    currency: venue.currency,
    defaultLocale: isLocale(venue.defaultLocale) ? venue.defaultLocale : 'es',
    elaborationTypes,
    cashDrawers,
  };
}

export function elaborationTypes(ctx: AppContext, venue: Venue) {
  return listElaborationTypes(ctx.db, venue.id);
}
