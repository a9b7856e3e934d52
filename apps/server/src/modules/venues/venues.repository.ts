import { eq, type SQL } from 'drizzle-orm';
import type { Executor, Transaction } from '../../db/database.ts';
import { firstRow } from '../../db/rows.ts';
import { venues } from '../../db/schema/index.ts';

export type VenueRow = typeof venues.$inferSelect;

async function firstVenue(db: Executor, where: SQL): Promise<VenueRow | undefined> {
  const [row] = await db.select().from(venues).where(where).limit(1);
  return row;
}

export function findVenueBySubdomain(db: Executor, subdomain: string): Promise<VenueRow | undefined> {
  return firstVenue(db, eq(venues.subdomain, subdomain));
}

export function findVenueByCustomHost(db: Executor, host: string): Promise<VenueRow | undefined> {
  return firstVenue(db, eq(venues.customHost, host));
}

export function findDefaultVenue(db: Executor): Promise<VenueRow | undefined> {
  return firstVenue(db, eq(venues.isDefault, true));
}

export function findVenueById(db: Executor, id: number): Promise<VenueRow | undefined> {
  return firstVenue(db, eq(venues.id, id));
}

export async function insertVenue(db: Executor, values: typeof venues.$inferInsert): Promise<VenueRow> {
  return firstRow(await db.insert(venues).values(values).returning(), 'venue insert');
}

/** The columns a venue's admin changes after it was created. */
export type VenueChange = Partial<
  Pick<
    typeof venues.$inferInsert,
    'businessName' | 'subdomain' | 'customHost' | 'timeZone' | 'defaultLocale' | 'settings'
  >
>;

export async function updateVenue(tx: Transaction, venueId: number, values: VenueChange): Promise<void> {
  await tx.update(venues).set(values).where(eq(venues.id, venueId));
}

export async function countVenues(db: Executor): Promise<number> {
  return db.$count(venues);
}
