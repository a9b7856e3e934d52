// A venue's takeaway settings, its delivery zones and the pause of online orders.
import { asc, eq } from 'drizzle-orm';
import { DEFAULT_PREP_MINUTES } from '@sobremesa/domain';
import type { Executor } from '../../db/database.ts';
import { takeawaySettings, takeawayZones } from '../../db/schema/index.ts';

export type TakeawaySettingsRow = typeof takeawaySettings.$inferSelect;
export type TakeawayZoneRow = typeof takeawayZones.$inferSelect;

/** The venue's takeaway settings; a venue without a row takes pickup orders with the defaults. */
export async function readSettings(db: Executor, venueId: number): Promise<TakeawaySettingsRow> {
  const [row] = await db.select().from(takeawaySettings).where(eq(takeawaySettings.venueId, venueId));
  return (
    row ?? {
      venueId,
      pickupEnabled: true,
      deliveryEnabled: false,
      leadMinutes: 30,
      slotMinutes: 15,
      ordersPerSlot: 4,
      pausedUntil: null,
      prepMinutes: DEFAULT_PREP_MINUTES,
      latitude: null,
      longitude: null,
    }
  );
}

export async function listZones(db: Executor, venueId: number): Promise<TakeawayZoneRow[]> {
  return db
    .select()
    .from(takeawayZones)
    .where(eq(takeawayZones.venueId, venueId))
    .orderBy(asc(takeawayZones.sortOrder), asc(takeawayZones.id));
}

/** Sets (or clears) the pause, creating the venue's settings row with the defaults when it has none. */
export async function writePausedUntil(
  db: Executor,
  venueId: number,
  pausedUntil: Date | null,
): Promise<void> {
  await db
    .insert(takeawaySettings)
    .values({ venueId, pausedUntil })
    .onConflictDoUpdate({ target: takeawaySettings.venueId, set: { pausedUntil } });
}
