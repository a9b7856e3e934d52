// A product in CSV terms, shared by the export and by the import's comparison (decision 061).
import { ALLERGEN_NAMES } from '../../i18n/allergens.ts';
import type { MenuCatalogue } from '../menus/menus.service.ts';
import {
  OTHER_LOCALES,
  PATH_LIST_SEPARATOR,
  formatEuros,
  formatVat,
  formatYesNo,
} from './menu-csv-format.ts';

const allergenName = (code: string) => ALLERGEN_NAMES[code]?.es ?? code;

/** What a product is in CSV terms, one cell per column: export writes it, import compares against it. */
export function productCells(catalogue: MenuCatalogue, paths: Map<number, string>) {
  const dishClassNames = new Map(catalogue.dishClasses.map((dishClass) => [dishClass.id, dishClass.name]));
  const allergenCodes = new Map(catalogue.allergens.map((allergen) => [allergen.id, allergen.code]));
  const allergenOrder = new Map(catalogue.allergens.map((allergen, index) => [allergen.id, index]));
  const texts = new Map(catalogue.translations.map((text) => [`${text.key}|${text.locale}`, text.value]));
  const cells = new Map<string, Map<string, string>>();
  for (const product of catalogue.products) {
    const links = catalogue.allergenLinks
      .filter((link) => link.productId === product.id)
      .sort((a, b) => allergenOrder.get(a.allergenId)! - allergenOrder.get(b.allergenId)!);
    const row = new Map<string, string>([
      ['sku', product.sku],
      ['name', product.name],
      ['description', product.description],
      ['price', formatEuros(product.priceCents)],
      ['vat', formatVat(product.vatRateBp)],
      ['type', product.type],
      ['visible', formatYesNo(product.isVisible)],
      ['dish_class', product.dishClassId === null ? '' : (dishClassNames.get(product.dishClassId) ?? '')],
      [
        'categories',
        catalogue.memberships
          .filter((membership) => membership.productId === product.id)
          .map((membership) => paths.get(membership.categoryId) ?? '')
          .join(PATH_LIST_SEPARATOR),
      ],
      [
        'allergens',
        links
          .filter((link) => !link.traces)
          .map((link) => allergenName(allergenCodes.get(link.allergenId)!))
          .join(', '),
      ],
      [
        'traces',
        links
          .filter((link) => link.traces)
          .map((link) => allergenName(allergenCodes.get(link.allergenId)!))
          .join(', '),
      ],
    ]);
    for (const locale of OTHER_LOCALES) {
      row.set(`name_${locale}`, texts.get(`product.${product.id}.name|${locale}`) ?? '');
      row.set(`description_${locale}`, texts.get(`product.${product.id}.description|${locale}`) ?? '');
    }
    cells.set(product.sku, row);
  }
  return cells;
}
