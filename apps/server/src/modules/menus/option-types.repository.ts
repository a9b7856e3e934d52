// The menu editor's option types and their options.
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';
import { optionTypes, options } from '../../db/schema/index.ts';
import type { OptionTypeRow } from './menu-editor.repository.ts';

export async function insertOptionType(
  db: Executor,
  values: typeof optionTypes.$inferInsert,
): Promise<OptionTypeRow> {
  const [row] = await db.insert(optionTypes).values(values).returning();
  return row!;
}

export async function updateOptionType(
  db: Executor,
  venueId: number,
  id: number,
  values: Partial<typeof optionTypes.$inferInsert>,
): Promise<void> {
  await db
    .update(optionTypes)
    .set(values)
    .where(and(eq(optionTypes.venueId, venueId), eq(optionTypes.id, id)));
}

export async function deleteOptionType(db: Executor, venueId: number, id: number): Promise<void> {
  await db.delete(optionTypes).where(and(eq(optionTypes.venueId, venueId), eq(optionTypes.id, id)));
}

export function optionsOfType(db: Executor, venueId: number, optionTypeId: number) {
  return db
    .select()
    .from(options)
    .where(and(eq(options.venueId, venueId), eq(options.optionTypeId, optionTypeId)))
    .orderBy(asc(options.sortOrder), asc(options.id));
}

export async function deleteOptions(db: Executor, venueId: number, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await db.delete(options).where(and(eq(options.venueId, venueId), inArray(options.id, [...ids])));
}

export async function saveOption(
  db: Executor,
  venueId: number,
  optionTypeId: number,
  option: { id?: number; name: string; priceModifierCents: number; enabled: boolean; sortOrder: number },
): Promise<void> {
  const { id, ...values } = option;
  if (id !== undefined) {
    await db
      .update(options)
      .set(values)
      .where(and(eq(options.venueId, venueId), eq(options.id, id)));
    return;
  }
  await db.insert(options).values({ venueId, optionTypeId, ...values });
}
