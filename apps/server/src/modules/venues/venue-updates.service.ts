import type { VenueSettings } from '@sobremesa/contracts';
import type { Transaction } from '../../db/database.ts';
import { updateVenue, type VenueChange } from './venues.repository.ts';

// What admin's venue screen and config's settings update change of a venue (decision 068: this module is the
// table's only writer). Each runs in the caller's transaction, which holds the venue's row lock and writes the
// audit row and the event; the caller drops the venue directory's cache once it committed.

/** The venue's name, addresses, time zone or default language. */
export type VenueIdentityChange = Omit<VenueChange, 'settings'>;

export function writeVenueIdentity(
  tx: Transaction,
  venueId: number,
  values: VenueIdentityChange,
): Promise<void> {
  return updateVenue(tx, venueId, values);
}

/** The whole stored settings document (as written, without defaults). */
export function writeVenueSettings(
  tx: Transaction,
  venueId: number,
  settings: Partial<VenueSettings>,
): Promise<void> {
  return updateVenue(tx, venueId, { settings });
}
