import { parse } from 'csv-parse/sync';
import { AppError } from '../../http/app-error.ts';
import { CSV_COLUMNS, detectDelimiter, readCell } from './menu-csv-format.ts';

/** More rows than any venue's menu has; past it a file is a mistake (or an attack on the server's time). */
export const MAX_CSV_ROWS = 5000;

/** A CSV upload is at most this large (a 5000-row menu with nine languages fits in well under it). */
export const MAX_CSV_BYTES = 4 * 1024 * 1024;

export interface CsvTable {
  /** Lower-cased, trimmed header names, in file order. */
  readonly header: readonly string[];
  /** Each data row by column name; a column the file leaves out is absent. */
  readonly rows: readonly Map<string, string>[];
}

const unreadable = () => new AppError(400, 'VALIDATION_FAILED', 'csv_unreadable');

/**
 * Text from the file's bytes: UTF-8 (with or without its BOM), or Windows-1252 for a file that is not
 * valid UTF-8, which is what older Excel writes when saving "CSV" on a Spanish Windows.
 */
function decode(bytes: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

/**
 * Reads a menu CSV into rows by column (decision 061): `;` or `,` separated, taken from the header line.
 * Header problems (an unknown or repeated column, `sku` or `name` missing) refuse the whole file, with
 * the column named, before any row is looked at.
 */
export function readCsvTable(
  bytes: Buffer,
  translate: (key: 'csv_missing_column' | 'csv_unknown_column', column: string) => string,
): CsvTable {
  const text = decode(bytes);
  let records: string[][];
  try {
    records = parse(text, {
      bom: true,
      delimiter: detectDelimiter(text),
      relax_column_count: true,
      skip_empty_lines: true,
    }) as string[][];
  } catch {
    throw unreadable();
  }
  const [headerRow, ...dataRows] = records;
  if (!headerRow) throw unreadable();
  const header = headerRow.map((name) => name.trim().toLowerCase());
  const problems: { row: number; column: string; message: string }[] = [];
  header.forEach((name, index) => {
    if (!CSV_COLUMNS.includes(name) || header.indexOf(name) !== index)
      problems.push({ row: 1, column: name, message: translate('csv_unknown_column', name) });
  });
  for (const required of ['sku', 'name'])
    if (!header.includes(required))
      problems.push({ row: 1, column: required, message: translate('csv_missing_column', required) });
  if (problems.length > 0)
    throw new AppError(400, 'VALIDATION_FAILED', 'csv_invalid', { extra: { rowErrors: problems } });
  if (dataRows.length > MAX_CSV_ROWS)
    throw new AppError(400, 'VALIDATION_FAILED', 'csv_too_many_rows', { params: { max: MAX_CSV_ROWS } });
  return {
    header,
    rows: dataRows.map(
      (cells) => new Map(header.map((name, index) => [name, readCell((cells[index] ?? '').trim())])),
    ),
  };
}
