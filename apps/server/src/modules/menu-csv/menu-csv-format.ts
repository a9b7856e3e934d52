import { LOCALES, type Locale } from '@sobremesa/domain';

/**
 * The menu CSV's columns (decision 061). `sku` is the key a row updates by; `name` is the Spanish name.
 * Every other column is optional in an import: a column left out leaves that field as it is.
 */
export const OTHER_LOCALES = LOCALES.filter((locale) => locale !== 'es') as Exclude<Locale, 'es'>[];

export const BASE_COLUMNS = [
  'sku',
  'name',
  'description',
  'price',
  'vat',
  'type',
  'visible',
  'dish_class',
  'categories',
  'allergens',
  'traces',
] as const;
export type BaseColumn = (typeof BASE_COLUMNS)[number];

export const TRANSLATION_COLUMNS = OTHER_LOCALES.flatMap((locale) => [
  `name_${locale}`,
  `description_${locale}`,
]);

export const CSV_COLUMNS: readonly string[] = [...BASE_COLUMNS, ...TRANSLATION_COLUMNS];

/** Between the category paths of one product, and between the levels of one path. */
export const PATH_LIST_SEPARATOR = ' | ';
export const PATH_LEVEL_SEPARATOR = ' > ';

/**
 * Euros with a decimal comma, as Spanish spreadsheets write them (12,50). Reading takes a comma or a
 * dot, at most two decimals, an optional euro sign, and no thousands separator (1.250 would be ambiguous).
 */
export function formatEuros(cents: number): string {
  const euros = Math.floor(cents / 100);
  const rest = cents % 100;
  return rest === 0 ? String(euros) : `${euros},${String(rest).padStart(2, '0')}`;
}

export function parseEuros(text: string): number | null {
  const match = /^(\d{1,6})(?:[.,](\d{1,2}))?$/.exec(text.replace(/€/g, '').trim());
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** A VAT rate as a percentage (10, 21, 5,5), kept in basis points. */
export function formatVat(basisPoints: number): string {
  return formatEuros(basisPoints);
}

export function parseVat(text: string): number | null {
  const value = parseEuros(text.replace(/%/g, ''));
  return value === null || value > 10_000 ? null : value;
}

const YES = new Set(['si', 'sí', 'yes', 'true', '1', 'x']);
const NO = new Set(['no', 'false', '0']);

export function parseYesNo(text: string): boolean | null {
  const value = text.trim().toLowerCase();
  if (YES.has(value)) return true;
  if (NO.has(value)) return false;
  return null;
}

export const formatYesNo = (value: boolean): string => (value ? 'sí' : 'no');

const TYPES: Record<string, 'comida' | 'bebida'> = {
  comida: 'comida',
  food: 'comida',
  bebida: 'bebida',
  drink: 'bebida',
};

export function parseProductType(text: string): 'comida' | 'bebida' | null {
  return TYPES[text.trim().toLowerCase()] ?? null;
}

/** For matching names typed by hand: case, accents and spacing do not matter. */
export function nameKey(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/** A list cell (allergens, category paths): split on `|` (or `,` for allergens), blanks dropped. */
export function splitList(text: string, separators: RegExp): string[] {
  return text
    .split(separators)
    .map((part) => part.trim())
    .filter((part) => part !== '');
}

/**
 * The file's separator, read from its header line: `;` (what Excel writes where the decimal mark is a
 * comma, as in Spain) or `,`.
 */
export function detectDelimiter(text: string): ';' | ',' {
  const header = text.replace(/^\uFEFF/, '').split(/\r?\n/, 1)[0] ?? '';
  const count = (char: string) => header.split(char).length - 1;
  return count(';') >= count(',') && count(';') > 0 ? ';' : ',';
}

/** What a spreadsheet would run as a formula at the start of a cell (CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * A cell as written to the file: text a spreadsheet would take for a formula (a dish named "=HYPERLINK(...)")
 * gets a leading apostrophe, which spreadsheets show as text; {@link readCell} takes it off again.
 */
export function writeCell(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

export function readCell(text: string): string {
  return text.startsWith("'") && FORMULA_START.test(text.slice(1)) ? text.slice(1) : text;
}
