import type { MenuProduct } from '@sobremesa/contracts';
import { optionProblems, type CartOptionChoice, type PricedOption } from '@sobremesa/domain';

/**
 * The rules of choosing a dish's options, shared by the guest's product sheet and the staff commander
 * (the dish's own options and those of a menú del día's course dish alike). The server checks the same
 * rules again when the order arrives (decision 015).
 */

export type OptionTypes = MenuProduct['productOptions'];

/** The options a guest or staff may pick, by option id, with their price modifiers. */
function offeredOptions(types: OptionTypes): Map<number, PricedOption> {
  return new Map(
    types.flatMap((type) =>
      type.options
        .filter((option) => option.enabled >= 1)
        .map((option) => [
          option.id,
          { optionTypeId: type.id, optionId: option.id, priceModifierCents: option.priceModifierCents },
        ]),
    ),
  );
}

/** The chosen options with their price modifiers; a choice no longer offered is left out. */
export function pricedChoices(types: OptionTypes, chosen: readonly CartOptionChoice[]): PricedOption[] {
  const offered = offeredOptions(types);
  return chosen.flatMap((choice) => {
    const option = offered.get(choice.productChoiceId);
    return option ? [option] : [];
  });
}

/** The option types whose choice is not complete yet (too few or too many), to block "add". */
export function incompleteOptionTypes(types: OptionTypes, chosen: readonly CartOptionChoice[]): number[] {
  const problems = optionProblems(
    types,
    offeredOptions(types),
    chosen.map((choice) => ({ optionTypeId: choice.optionTypeId, optionId: choice.productChoiceId })),
  );
  return [...new Set(problems.map((problem) => problem.optionTypeId))];
}

/**
 * One tap on an option: a single-choice type swaps its choice, a multiple-choice type toggles it (a
 * choice beyond the type's maximum is ignored).
 */
export function toggleOption(
  types: OptionTypes,
  chosen: readonly CartOptionChoice[],
  optionTypeId: number,
  optionId: number,
): CartOptionChoice[] {
  const type = types.find((candidate) => candidate.id === optionTypeId);
  if (!type) return [...chosen];
  const isChosen = chosen.some((choice) => choice.productChoiceId === optionId);
  const others = chosen.filter((choice) => choice.optionTypeId !== optionTypeId);
  const ofType = chosen.filter((choice) => choice.optionTypeId === optionTypeId);
  if (type.maxChoices <= 1) {
    return isChosen && type.minChoices === 0
      ? others
      : [...others, { optionTypeId, productChoiceId: optionId }];
  }
  if (isChosen) return chosen.filter((choice) => choice.productChoiceId !== optionId);
  if (ofType.length >= type.maxChoices) return [...chosen];
  return [...chosen, { optionTypeId, productChoiceId: optionId }];
}
