/**
 * A table's allergies on the kitchen's tickets (issue 18): what the guests declared on their phones, what
 * the booking says and what staff noted. Pure rules; the server reads the facts.
 */

/** An allergen as tickets name it: its EU code (gluten, milk…) and its name in the screen's language. */
export interface NamedAllergen {
  readonly id: number;
  readonly code: string;
  readonly name: string;
}

/**
 * The allergens of a dish the table declared: a dish that contains one, or may carry traces of it, is
 * flagged on the ticket. A celiac guest must hear of traces too, so both count.
 */
export function clashingAllergens<T extends { readonly id: number }>(
  dishAllergenIds: readonly number[],
  tableAllergens: readonly T[],
): T[] {
  const inDish = new Set(dishAllergenIds);
  return tableAllergens.filter((allergen) => inDish.has(allergen.id));
}

/** Every allergen declared once, in the EU list's order (by id), whoever declared it. */
export function mergeDeclaredAllergens<T extends { readonly id: number }>(
  ...sources: readonly (readonly T[])[]
): T[] {
  const byId = new Map<number, T>();
  for (const source of sources)
    for (const allergen of source) if (!byId.has(allergen.id)) byId.set(allergen.id, allergen);
  return [...byId.values()].sort((a, b) => a.id - b.id);
}
