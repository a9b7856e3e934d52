import { asc } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';
import type { LeanRead } from '../../db/lean.ts';
import { allergens } from '../../db/schema/index.ts';

/** The 14 EU allergens (shared reference data), by id. */
export async function allergenCodes(db: Executor): Promise<Map<number, string>> {
  const rows = await db
    .select({ id: allergens.id, code: allergens.code })
    .from(allergens)
    .orderBy(asc(allergens.id));
  return new Map(rows.map((row) => [row.id, row.code]));
}

const CODES_AND_GUEST_ALLERGENS_SQL = `
select
  coalesce((select jsonb_agg(jsonb_build_array(a.id, a.code) order by a.id) from allergens a), '[]') as codes,
  coalesce((select jsonb_agg(jsonb_build_array(rg.reservation_id, ga.allergen_id))
    from reservation_guests rg
    join guest_allergens ga on ga.venue_id = rg.venue_id and ga.guest_id = rg.guest_id
    where rg.venue_id = $1 and rg.reservation_id in (select jsonb_array_elements_text($2::jsonb)::int)), '[]')
    as declared`;

/**
 * In one prepared read (decision 054): the allergen codes by id, and the allergens each account's guests
 * declared on their phones ("Mis alergias") by reservation.
 */
export function codesAndGuestAllergenIdsRead(
  venueId: number,
  reservationIds: readonly number[],
): LeanRead<{ codes: Map<number, string>; fromGuests: Map<number, number[]> }> {
  return {
    name: 'allergen_codes_and_guest_allergens',
    text: CODES_AND_GUEST_ALLERGENS_SQL,
    values: [venueId, JSON.stringify(reservationIds)],
    decode(row) {
      const fromGuests = new Map<number, number[]>();
      for (const [reservationId, allergenId] of (row.declared ?? []) as [number, number][])
        fromGuests.set(reservationId, [...(fromGuests.get(reservationId) ?? []), allergenId]);
      return { codes: new Map((row.codes ?? []) as [number, string][]), fromGuests };
    },
  };
}
