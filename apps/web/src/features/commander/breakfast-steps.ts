import type { Menu, MenuCategory, MenuProduct } from '@sobremesa/contracts';
import type { CartOptionChoice } from '@sobremesa/domain';
import {
  incompleteOptionTypes,
  toggleOption,
  type OptionTypes,
} from '../../components/option-picker/option-rules.ts';
import { foldText } from '../../lib/fold-text.ts';

/**
 * The breakfast overlay's steps (decision 058): which products take it, one option type per step, and
 * what a tap on a tile does. Whether a choice is complete is `option-rules.ts`'s to say, as everywhere.
 */

/** The menu types a venue may give its breakfast menu (the admin writes the type freely). */
const BREAKFAST_MENU_TYPES = new Set(['desayuno', 'desayunos', 'breakfast']);

export function isBreakfastMenuType(menuTypeName: string): boolean {
  return BREAKFAST_MENU_TYPES.has(foldText(menuTypeName));
}

/** The skus of a breakfast menu's products that have options to pick: those the overlay opens for. */
export function breakfastSkus(menus: readonly Menu[]): Set<string> {
  const skus = new Set<string>();
  const walk = (categories: readonly MenuCategory[]) => {
    for (const category of categories) {
      for (const product of category.products)
        if (product.isMenu !== 'SI' && breakfastSteps(product.productOptions).length > 0)
          skus.add(product.sku);
      walk(category.children);
    }
  };
  for (const menu of menus) if (isBreakfastMenuType(menu.menuTypeName)) walk(menu.menuCategories);
  return skus;
}

/** One step per option type that offers something, in the product's order. */
export function breakfastSteps(types: OptionTypes): OptionTypes {
  return types.filter((type) => type.options.some((option) => option.enabled >= 1));
}

/** The step to open first and to jump to when "add" is tried early: the first incomplete, else none. */
export function firstIncompleteStep(steps: OptionTypes, chosen: readonly CartOptionChoice[]): number | null {
  const incomplete = new Set(incompleteOptionTypes(steps, chosen));
  const index = steps.findIndex((type) => incomplete.has(type.id));
  return index < 0 ? null : index;
}

/**
 * A tap on a tile of a one-choice step: the option becomes the choice (a tap on the chosen one keeps it,
 * unlike the generic picker's toggle, since the tap also means "next"); `null` is the "none" tile of an
 * optional step.
 */
export function pickOne(
  steps: OptionTypes,
  chosen: readonly CartOptionChoice[],
  optionTypeId: number,
  optionId: number | null,
): CartOptionChoice[] {
  if (optionId === null) return chosen.filter((choice) => choice.optionTypeId !== optionTypeId);
  if (chosen.some((choice) => choice.optionTypeId === optionTypeId && choice.productChoiceId === optionId))
    return [...chosen];
  return toggleOption(steps, chosen, optionTypeId, optionId);
}

/** The names of what is chosen in one step, in the options' order. */
export function chosenNames(type: OptionTypes[number], chosen: readonly CartOptionChoice[]): string[] {
  return type.options
    .filter((option) =>
      chosen.some((choice) => choice.optionTypeId === type.id && choice.productChoiceId === option.id),
    )
    .map((option) => option.name);
}

/** "Integral, Tomate y aceite": every chosen option of a product, step by step (the "Repetir" button). */
export function choiceSummary(product: MenuProduct, chosen: readonly CartOptionChoice[]): string {
  return breakfastSteps(product.productOptions)
    .flatMap((type) => chosenNames(type, chosen))
    .join(', ');
}
