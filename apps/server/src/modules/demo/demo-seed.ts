import type { Database } from '../../db/database.ts';
import { DEMO_PASSWORD } from '../../lib/common-passwords.ts';
import { createVenue } from '../venues/venues.service.ts';
import { DEMO_BUSINESS_NAME, DEMO_SETTINGS, DEMO_SUBDOMAIN } from './demo-venue.ts';
import { countVenues, lockDemoSeeding } from './demo.repository.ts';
import { seedFloor, seedSchedule } from './demo-seed-floor.ts';
import { seedMenus } from './demo-seed-menus.ts';
import { seedKitchen, seedStaff } from './demo-seed-staff.ts';
import { seedPayments, seedTill } from './demo-seed-till.ts';

/** The password of every demo account; printed at start-up and in the README. Demo mode only (SEC-03). */
export { DEMO_PASSWORD };

export interface DemoSeedResult {
  readonly seeded: boolean;
  readonly businessName: string;
  readonly accounts: { email: string; role: string }[];
}

/**
 * Seeds the demo restaurant into an empty database (no venue yet), in one transaction: a half-seeded
 * venue never exists, and with several instances starting at once exactly one seeds. Otherwise it
 * changes nothing and returns `seeded: false`.
 */
export async function seedDemoVenue(db: Database): Promise<DemoSeedResult> {
  return db.transaction(async (tx) => {
    await lockDemoSeeding(tx);
    if ((await countVenues(tx)) > 0) return { seeded: false, businessName: '', accounts: [] };

    const venue = await createVenue(tx, {
      subdomain: DEMO_SUBDOMAIN,
      businessName: DEMO_BUSINESS_NAME,
      isDefault: true,
      timeZone: 'Europe/Madrid',
      settings: DEMO_SETTINGS,
    });
    const stationIds = await seedKitchen(tx, venue.id);
    const accounts = await seedStaff(tx, venue.id, stationIds);
    await seedFloor(tx, venue.id);
    await seedSchedule(tx, venue.id);
    await seedMenus(tx, venue.id, stationIds);
    await seedTill(tx, venue.id);
    await seedPayments(tx, venue.id);
    return { seeded: true, businessName: venue.businessName, accounts };
  });
}

/**
 * Another venue set up like the demo one (kitchen, staff with the demo accounts and password, floor,
 * schedule, menus, till) at `subdomain`, without online payments: benches that need several venues.
 */
export async function seedDemoVenueCopy(
  db: Database,
  subdomain: string,
  businessName: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const venue = await createVenue(tx, {
      subdomain,
      businessName,
      timeZone: 'Europe/Madrid',
      settings: DEMO_SETTINGS,
    });
    const stationIds = await seedKitchen(tx, venue.id);
    await seedStaff(tx, venue.id, stationIds);
    await seedFloor(tx, venue.id);
    await seedSchedule(tx, venue.id);
    await seedMenus(tx, venue.id, stationIds);
    await seedTill(tx, venue.id);
  });
}
