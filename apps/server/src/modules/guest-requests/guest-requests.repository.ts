import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';
import { allergens, guestAllergens, guests } from '../../db/schema/index.ts';

/** Known allergen ids among `ids` (the 14 EU allergens are shared reference data). */
export async function knownAllergenIds(db: Executor, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: allergens.id })
    .from(allergens)
    .where(inArray(allergens.id, [...ids]));
  return rows.map((row) => row.id);
}

export async function replaceGuestAllergens(
  db: Executor,
  venueId: number,
  guestId: number,
  allergenIds: readonly number[],
): Promise<void> {
  await db
    .delete(guestAllergens)
    .where(and(eq(guestAllergens.venueId, venueId), eq(guestAllergens.guestId, guestId)));
  if (allergenIds.length === 0) return;
  await db.insert(guestAllergens).values(allergenIds.map((allergenId) => ({ venueId, guestId, allergenId })));
}

export async function renameGuest(
  db: Executor,
  venueId: number,
  guestId: number,
  name: string,
): Promise<void> {
  await db
    .update(guests)
    .set({ name })
    .where(and(eq(guests.venueId, venueId), eq(guests.id, guestId)));
}
