import { and, eq, ne } from 'drizzle-orm';
import type { Executor, Transaction } from '../../db/database.ts';
import { venues } from '../../db/schema/index.ts';

const identityColumns = {
  businessName: venues.businessName,
  subdomain: venues.subdomain,
  customHost: venues.customHost,
  timeZone: venues.timeZone,
  defaultLocale: venues.defaultLocale,
  currency: venues.currency,
  settings: venues.settings,
};

export type VenueIdentityRow = Awaited<ReturnType<typeof findVenueIdentity>>;

export async function findVenueIdentity(db: Executor, venueId: number) {
  const [row] = await db.select(identityColumns).from(venues).where(eq(venues.id, venueId));
  return row;
}

/** The venue's identity under a row lock, so two admins' edits apply one after the other. */
export async function lockVenueIdentity(tx: Transaction, venueId: number) {
  const [row] = await tx.select(identityColumns).from(venues).where(eq(venues.id, venueId)).for('update');
  return row;
}

/** Whether another venue answers on this subdomain or custom host already. */
export async function hostTakenByOther(
  db: Executor,
  venueId: number,
  field: 'subdomain' | 'customHost',
  value: string,
): Promise<boolean> {
  const column = field === 'subdomain' ? venues.subdomain : venues.customHost;
  const [row] = await db
    .select({ id: venues.id })
    .from(venues)
    .where(and(eq(column, value), ne(venues.id, venueId)))
    .limit(1);
  return row !== undefined;
}
