import { LOCALES, type Locale } from '../locales.ts';

/**
 * Rules of the admin menu editor (issue 22 item 4, decision 060) that both the server and the screen
 * apply: the VAT rates a product may carry, the kinds of menu, translation keys, reordering and the
 * shape of the category tree.
 */

/** Spanish VAT rates in basis points: exempt, super-reduced, reduced (food, soft drinks), general. */
export const VAT_RATES_BP = [0, 400, 1000, 2100] as const;

/** The kinds of menu a venue keeps: the à la carte menu, the drinks menu, a set menu of the day. */
export const MENU_KINDS = ['carta', 'bebida', 'menu_del_dia'] as const;
export type MenuKind = (typeof MENU_KINDS)[number];

/** What a translation key names, and which of its fields are translated. */
export const TRANSLATED_FIELDS = {
  menu: ['name'],
  category: ['name'],
  product: ['name', 'description'],
  optionType: ['name'],
  option: ['name'],
  menuCourse: ['name'],
} as const;
export type TranslatedKind = keyof typeof TRANSLATED_FIELDS;

/** The translations table's key for one field of one row (`product.12.description`). */
export function translationKey(kind: TranslatedKind, id: number, field: string): string {
  return `${kind}.${id}.${field}`;
}

/** Reads a translation key back; null for a key the editor does not write. */
export function parseTranslationKey(key: string): { kind: TranslatedKind; id: number; field: string } | null {
  const match = /^([a-zA-Z]+)\.([1-9]\d{0,9})\.([a-z]+)$/.exec(key);
  if (!match) return null;
  const [, kind, id, field] = match as unknown as [string, string, string, string];
  if (!Object.hasOwn(TRANSLATED_FIELDS, kind)) return null;
  const fields: readonly string[] = TRANSLATED_FIELDS[kind as TranslatedKind];
  return fields.includes(field) ? { kind: kind as TranslatedKind, id: Number(id), field } : null;
}

/** The languages a field still lacks (an empty or blank text counts as missing). */
export function missingLocales(values: Partial<Record<Locale, string>>): Locale[] {
  return LOCALES.filter((locale) => (values[locale] ?? '').trim() === '');
}

/** Whether `ids` is exactly the siblings it reorders: each once, none missing, none foreign. */
export function isPermutationOf(current: readonly number[], ids: readonly number[]): boolean {
  if (ids.length !== current.length || new Set(ids).size !== ids.length) return false;
  const known = new Set(current);
  return ids.every((id) => known.has(id));
}

/** The order after moving `id` one place up (-1) or down (+1); unchanged at either end. */
export function moveOne(ids: readonly number[], id: number, delta: -1 | 1): number[] {
  const from = ids.indexOf(id);
  const to = from + delta;
  if (from < 0 || to < 0 || to >= ids.length) return [...ids];
  const next = [...ids];
  next.splice(from, 1);
  next.splice(to, 0, id);
  return next;
}

/** The order after dropping `id` where `target` was (drag and drop). */
export function moveTo(ids: readonly number[], id: number, target: number): number[] {
  const from = ids.indexOf(id);
  const to = ids.indexOf(target);
  if (from < 0 || to < 0 || from === to) return [...ids];
  const next = [...ids];
  next.splice(from, 1);
  next.splice(to, 0, id);
  return next;
}

/**
 * Whether giving category `id` the parent `parentId` would put it inside itself (its own descendant),
 * which would cut the branch off the menu.
 */
export function makesCategoryCycle(
  categories: readonly { id: number; parentId: number | null }[],
  id: number,
  parentId: number | null,
): boolean {
  const parentOf = new Map(categories.map((row) => [row.id, row.parentId]));
  for (let current = parentId, steps = 0; current !== null; steps++) {
    if (current === id || steps > categories.length) return true;
    current = parentOf.get(current) ?? null;
  }
  return false;
}
