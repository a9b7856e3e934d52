import type { TableAllergies } from '@sobremesa/contracts';
import { isLocale, mergeDeclaredAllergens, type Locale, type NamedAllergen } from '@sobremesa/domain';
import type { Executor } from '../../db/database.ts';
import { ALLERGEN_NAMES } from '../../i18n/allergens.ts';
import type { Venue } from '../venues/venues.service.ts';
import { leanRead, mapRead, type LeanRead } from '../../db/lean.ts';
import { allergenCodes, codesAndGuestAllergenIdsRead } from './table-allergies.repository.ts';

/** What a table's allergies are read from: its reservation row. */
export interface AllergyFacts {
  readonly id: number;
  readonly staffAllergenIds: readonly number[];
  readonly guestComments: string | null;
  readonly dietaryNotes: string | null;
}

export const NO_ALLERGIES: TableAllergies = { allergens: [], notes: [], bookingComment: null };

function localeOf(venue: Venue): Locale {
  return isLocale(venue.defaultLocale) ? venue.defaultLocale : 'es';
}

/** Allergen ids as staff screens name them, in the venue's language; unknown ids are left out. */
export function namedAllergens(
  ids: readonly number[],
  codes: ReadonlyMap<number, string>,
  locale: Locale,
): NamedAllergen[] {
  return ids.flatMap((id) => {
    const code = codes.get(id);
    return code ? [{ id, code, name: ALLERGEN_NAMES[code]?.[locale] ?? code }] : [];
  });
}

/** The names of allergens, in the venue's language (a notification that names what a guest declared). */
export async function allergenNames(db: Executor, venue: Venue, ids: readonly number[]): Promise<string[]> {
  return namedAllergens(ids, await allergenCodes(db), localeOf(venue)).map((allergen) => allergen.name);
}

/**
 * Each account's allergies (issue 18): what its guests declared on their phones, what staff declared, the
 * note staff took ("Celíaca"), and apart from them the booking's comment, so every ticket of the table
 * carries them. A read, so the
 * kitchen takes it in one statement with its other facts.
 */
export function tableAllergiesRead(
  venue: Venue,
  rows: readonly AllergyFacts[],
): LeanRead<Map<number, TableAllergies>> {
  const read = codesAndGuestAllergenIdsRead(
    venue.id,
    rows.map((row) => row.id),
  );
  return mapRead(read, ({ codes, fromGuests }) => {
    const locale = localeOf(venue);
    return new Map(
      rows.map((account) => [
        account.id,
        {
          allergens: mergeDeclaredAllergens(
            namedAllergens(fromGuests.get(account.id) ?? [], codes, locale),
            namedAllergens(account.staffAllergenIds, codes, locale),
          ),
          notes: account.dietaryNotes?.trim() ? [account.dietaryNotes.trim()] : [],
          bookingComment: account.guestComments?.trim() || null,
        },
      ]),
    );
  });
}

export async function tableAllergiesOf(
  db: Executor,
  venue: Venue,
  rows: readonly AllergyFacts[],
): Promise<Map<number, TableAllergies>> {
  return rows.length === 0 ? new Map() : leanRead(db, tableAllergiesRead(venue, rows));
}

/** The ids among `ids` that are none of the 14 EU allergens. */
export async function unknownAllergenIds(db: Executor, ids: readonly number[]): Promise<number[]> {
  const codes = await allergenCodes(db);
  return ids.filter((id) => !codes.has(id));
}
