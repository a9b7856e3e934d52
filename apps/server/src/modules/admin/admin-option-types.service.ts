// The menu editor's option types and their options (decision 060).
import type { AdminMenuWriteResponse, AdminOptionTypeInput } from '@sobremesa/contracts';
import { translationKey } from '@sobremesa/domain';
import type { AppContext } from '../../context.ts';
import type { Transaction } from '../../db/database.ts';
import { notFound } from '../../http/app-error.ts';
import type { StaffPrincipal } from '../users/users.service.ts';
import type { Venue } from '../venues/venues.service.ts';
import {
  deleteOptions,
  deleteOptionType,
  deleteTranslationsOf,
  insertOptionType,
  lockOptionType,
  optionsOfType,
  priceBelowZero,
  productsBelowZeroWith,
  saveOption,
  updateOptionType,
  writeTranslation,
} from '../menus/menus.service.ts';
import { record } from './admin-menu-recording.ts';

/**
 * Refuses a type whose options would let a product offering it be ordered below 0 € (decision 078), at
 * each of its discounts in that cheapest choice (the type as a whole when none of them is its own).
 */
async function checkPriceFloor(tx: Transaction, venueId: number, id: number, input: AdminOptionTypeInput) {
  const options = input.options.map((option, index) => ({
    // An option not written yet needs an id no row has.
    id: option.id ?? -(index + 1),
    priceModifierCents: option.priceModifierCents,
  }));
  const [worst] = await productsBelowZeroWith(tx, venueId, {
    optionType: { id, minChoices: input.minChoices, maxChoices: input.maxChoices, options },
  });
  if (!worst) return;
  const discounts = options.flatMap((option, index) =>
    option.priceModifierCents < 0 && worst.lowest.optionIds.includes(option.id)
      ? [`options.${index}.priceModifierCents`]
      : [],
  );
  throw priceBelowZero(worst, discounts.length > 0 ? discounts : ['options']);
}

async function writeOptions(
  tx: Transaction,
  venueId: number,
  optionTypeId: number,
  input: AdminOptionTypeInput,
) {
  const current = await optionsOfType(tx, venueId, optionTypeId);
  const existing = new Set(current.map((row) => row.id));
  if (input.options.some((option) => option.id !== undefined && !existing.has(option.id))) throw notFound();
  await checkPriceFloor(tx, venueId, optionTypeId, input);
  const kept = new Set(input.options.flatMap((option) => (option.id === undefined ? [] : [option.id])));
  const gone = [...existing].filter((id) => !kept.has(id));
  await deleteOptions(tx, venueId, gone);
  for (const id of gone) await deleteTranslationsOf(tx, venueId, `option.${id}.`);
  for (const [sortOrder, option] of input.options.entries())
    await saveOption(tx, venueId, optionTypeId, { ...option, sortOrder });
  return current;
}

export async function createOptionType(
  ctx: AppContext,
  venue: Venue,
  staff: StaffPrincipal,
  input: AdminOptionTypeInput,
): Promise<AdminMenuWriteResponse> {
  return ctx.db.transaction(async (tx) => {
    if (input.options.some((option) => option.id !== undefined)) throw notFound();
    const row = await insertOptionType(tx, {
      venueId: venue.id,
      name: input.name,
      minChoices: input.minChoices,
      maxChoices: input.maxChoices,
      sortOrder: 1000,
    });
    await writeOptions(tx, venue.id, row.id, input);
    await writeTranslation(tx, venue.id, translationKey('optionType', row.id, 'name'), 'es', input.name);
    await record(tx, venue, staff, {
      action: 'option_type.create',
      entity: 'option_type',
      entityId: row.id,
      before: null,
      after: input,
    });
    return { result: 0, id: row.id };
  });
}

/** Saves a type and its whole list of options; an option left out is removed (orders keep its name). */
export async function changeOptionType(
  ctx: AppContext,
  venue: Venue,
  staff: StaffPrincipal,
  id: number,
  input: AdminOptionTypeInput,
): Promise<AdminMenuWriteResponse> {
  return ctx.db.transaction(async (tx) => {
    const before = await lockOptionType(tx, venue.id, id);
    if (!before) throw notFound();
    await updateOptionType(tx, venue.id, id, {
      name: input.name,
      minChoices: input.minChoices,
      maxChoices: input.maxChoices,
    });
    const options = await writeOptions(tx, venue.id, id, input);
    await writeTranslation(tx, venue.id, translationKey('optionType', id, 'name'), 'es', input.name);
    await record(tx, venue, staff, {
      action: 'option_type.update',
      entity: 'option_type',
      entityId: id,
      before: { name: before.name, minChoices: before.minChoices, maxChoices: before.maxChoices, options },
      after: input,
    });
    return { result: 0, id };
  });
}

export async function removeOptionType(
  ctx: AppContext,
  venue: Venue,
  staff: StaffPrincipal,
  id: number,
): Promise<AdminMenuWriteResponse> {
  return ctx.db.transaction(async (tx) => {
    const before = await lockOptionType(tx, venue.id, id);
    if (!before) throw notFound();
    // A type a guest must pick from may be what holds a discount of another type above 0 €.
    const [worst] = await productsBelowZeroWith(tx, venue.id, { removedOptionTypeId: id });
    if (worst) throw priceBelowZero(worst, []);
    const options = await optionsOfType(tx, venue.id, id);
    await deleteOptionType(tx, venue.id, id);
    await deleteTranslationsOf(tx, venue.id, `optionType.${id}.`);
    for (const option of options) await deleteTranslationsOf(tx, venue.id, `option.${option.id}.`);
    await record(tx, venue, staff, {
      action: 'option_type.remove',
      entity: 'option_type',
      entityId: id,
      before: { name: before.name, options },
      after: null,
    });
    return { result: 0, removal: 'deleted' };
  });
}
