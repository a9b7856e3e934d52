import { containsCardNumber } from '@sobremesa/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVenue } from '../modules/venues/venue-provisioning.service.ts';
import { createTestDatabase } from '../test/test-database.ts';
import type { DatabaseHandle } from './database.ts';
import { queryRows } from './rows.ts';
import { guests } from './schema/index.ts';

/** PCI-01 in the database (migration 0007): the same rule as the contracts, on the free-text columns. */

let database: DatabaseHandle;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const SAMPLES = [
  '4111 1111 1111 1111',
  '4111.1111.1111.1111',
  '4111-1111-1111-1111',
  'tarjeta 4111111111111111 gracias',
  'Amex 3782 822463 10005',
  '4111 1111 1111 1111 123',
  'Mesa junto a la ventana, sin gluten',
  '+34 600 123 456',
  'TPV-REF-00042',
  'pedido 1234567890123',
  '2026-11-25 21.30',
  '',
];

describe('sobremesa_has_card_number', () => {
  it.each(SAMPLES)('agrees with the domain rule on %j', async (text) => {
    const [row] = await queryRows<{ found: boolean }>(
      database.db,
      sql`select sobremesa_has_card_number(${text}) as found`,
    );
    expect(row?.found).toBe(containsCardNumber(text));
  });

  it('refuses a card number in a guest name written past the application', async () => {
    const venue = await createVenue(database.db, { subdomain: 'casa', businessName: 'Casa' });
    const write = database.db.insert(guests).values({ venueId: venue.id, name: 'Ana 4111 1111 1111 1111' });
    await expect(write).rejects.toMatchObject({ cause: { code: '23514' } });
    await database.db.insert(guests).values({ venueId: venue.id, name: 'Ana García' });
  });
});
