// The menu editor's texts in each language and the order of its lists (decision 060).
import type { AdminMenuWriteResponse, AdminReorderInput, AdminTranslationsInput } from '@sobremesa/contracts';
import { isPermutationOf, parseTranslationKey } from '@sobremesa/domain';
import type { AppContext } from '../../context.ts';
import type { Transaction } from '../../db/database.ts';
import { notFound } from '../../http/app-error.ts';
import type { StaffPrincipal } from '../users/users.service.ts';
import type { Venue } from '../venues/venues.service.ts';
import {
  categoryProductIds,
  loadEditorRows,
  setCategoryProductOrder,
  setSortOrders,
  setSpanishColumn,
  translationsOf,
  translatedRowExists,
  writeTranslation,
} from '../menus/menus.service.ts';
import { record, invalid } from './admin-menu-recording.ts';

/**
 * Writes one field's texts in the languages sent ('' removes a language). Spanish is the row's own
 * column as well, so it may not be emptied.
 */
export async function saveTranslations(
  ctx: AppContext,
  venue: Venue,
  staff: StaffPrincipal,
  input: AdminTranslationsInput,
): Promise<AdminMenuWriteResponse> {
  const target = parseTranslationKey(input.key);
  if (!target) throw invalid([{ path: 'key', message: 'No es un texto de la carta' }]);
  const spanish = input.values.es;
  if (spanish !== undefined && spanish === '' && target.field === 'name')
    throw invalid([{ path: 'values.es', message: 'Escribe un nombre' }]);
  return ctx.db.transaction(async (tx) => {
    if (!(await translatedRowExists(tx, venue.id, target.kind, target.id))) throw notFound();
    const before = await translationsOfKey(tx, venue.id, input.key);
    for (const [locale, value] of Object.entries(input.values))
      await writeTranslation(tx, venue.id, input.key, locale, value);
    if (spanish !== undefined)
      await setSpanishColumn(tx, venue.id, target.kind, target.id, target.field, spanish);
    await record(tx, venue, staff, {
      action: 'translation.update',
      entity: target.kind,
      entityId: target.id,
      before,
      after: { key: input.key, values: input.values },
    });
    return { result: 0 };
  });
}

async function translationsOfKey(tx: Transaction, venueId: number, key: string) {
  const rows = await translationsOf(tx, venueId, key);
  return { key, values: Object.fromEntries(rows.map((row) => [row.locale, row.value])) };
}

/** Puts one list of siblings in a new order; the ids must be exactly that list's (else 400 or 404). */
export async function reorder(
  ctx: AppContext,
  venue: Venue,
  staff: StaffPrincipal,
  input: AdminReorderInput,
): Promise<AdminMenuWriteResponse> {
  return ctx.db.transaction(async (tx) => {
    const rows = await loadEditorRows(tx, venue.id);
    let current: number[];
    if (input.list === 'menus') current = rows.menuRows.map((row) => row.id);
    else if (input.list === 'optionTypes') current = rows.optionTypeRows.map((row) => row.id);
    else if (input.list === 'categories') {
      if (!rows.menuRows.some((row) => row.id === input.menuId)) throw notFound();
      if (input.parentId !== null && !rows.categoryRows.some((row) => row.id === input.parentId))
        throw notFound();
      current = rows.categoryRows
        .filter((row) => row.menuId === input.menuId && row.parentId === input.parentId)
        .map((row) => row.id);
    } else {
      if (!rows.categoryRows.some((row) => row.id === input.categoryId)) throw notFound();
      current = await categoryProductIds(tx, venue.id, input.categoryId);
    }
    if (!isPermutationOf(current, input.ids))
      throw invalid([
        { path: 'ids', message: 'La lista no coincide con la actual: recarga y vuelve a ordenar' },
      ]);
    if (input.list === 'products') await setCategoryProductOrder(tx, venue.id, input.categoryId, input.ids);
    else await setSortOrders(tx, venue.id, input.list, input.ids);
    await record(tx, venue, staff, {
      action: 'menu.reorder',
      entity: input.list,
      entityId: input.list === 'products' ? input.categoryId : input.list === 'categories' ? input.menuId : 0,
      before: current,
      after: input.ids,
    });
    return { result: 0 };
  });
}
