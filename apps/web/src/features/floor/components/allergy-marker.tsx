import type { TableAllergies } from '@sobremesa/contracts';
import { useTranslation } from '../../../i18n/use-translation.ts';

/**
 * A table's declared allergies on its tile (issue 18): the allergens by name, or its dietary note when it
 * declared none ("Celíaca" on the booking), so the floor sees at a glance which table needs care.
 */
export function AllergyMarker(props: { readonly allergies: TableAllergies }) {
  const { t } = useTranslation('floor');
  const { allergens, notes } = props.allergies;
  const list =
    allergens.length > 0 ? allergens.map((allergen) => allergen.name).join(', ') : notes.join(' · ');
  if (list === '') return null;
  const text = t('plan.allergies', { list });
  // One line on the tile, cut with "…" when long: the tooltip keeps the whole list.
  return (
    <span className="floor-table__allergy" title={text}>
      {text}
    </span>
  );
}
