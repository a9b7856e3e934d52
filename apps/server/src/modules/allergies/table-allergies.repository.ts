import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';
import { allergens, guestAllergens, productAllergens, reservationGuests } from '../../db/schema/index.ts';

/** The 14 EU allergens (shared reference data), by id. */
export async function allergenCodes(db: Executor): Promise<Map<number, string>> {
  const rows = await db
    .select({ id: allergens.id, code: allergens.code })
    .from(allergens)
    .orderBy(asc(allergens.id));
  return new Map(rows.map((row) => [row.id, row.code]));
}

/** The allergens each account's guests declared on their phones ("Mis alergias"), by reservation. */
export async function guestAllergenIdsOf(
  db: Executor,
  venueId: number,
  reservationIds: readonly number[],
): Promise<Map<number, number[]>> {
  if (reservationIds.length === 0) return new Map();
  const rows = await db
    .select({ reservationId: reservationGuests.reservationId, allergenId: guestAllergens.allergenId })
    .from(reservationGuests)
    .innerJoin(
      guestAllergens,
      and(
        eq(guestAllergens.venueId, reservationGuests.venueId),
        eq(guestAllergens.guestId, reservationGuests.guestId),
      ),
    )
    .where(
      and(
        eq(reservationGuests.venueId, venueId),
        inArray(reservationGuests.reservationId, [...reservationIds]),
      ),
    );
  const byReservation = new Map<number, number[]>();
  for (const row of rows)
    byReservation.set(row.reservationId, [...(byReservation.get(row.reservationId) ?? []), row.allergenId]);
  return byReservation;
}

/** The allergens each product contains or may carry traces of, by product. */
export async function productAllergenIdsOf(
  db: Executor,
  venueId: number,
  productIds: readonly number[],
): Promise<Map<number, number[]>> {
  if (productIds.length === 0) return new Map();
  const rows = await db
    .select({ productId: productAllergens.productId, allergenId: productAllergens.allergenId })
    .from(productAllergens)
    .where(
      and(
        eq(productAllergens.venueId, venueId),
        inArray(productAllergens.productId, [...new Set(productIds)]),
      ),
    );
  const byProduct = new Map<number, number[]>();
  for (const row of rows)
    byProduct.set(row.productId, [...(byProduct.get(row.productId) ?? []), row.allergenId]);
  return byProduct;
}
