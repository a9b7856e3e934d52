import { getTableColumns, type InferSelectModel, type Table } from 'drizzle-orm';

/** Every column of a table for a hand-written select (`leanQuery`), and its rows as Drizzle would give them. */
export interface LeanRows<T extends Table> {
  /**
   * `"t"."column" as "<prefix>key"` for every column, `t` being the alias the statement gives the table
   * (a prefix keeps two tables' columns of one row apart).
   */
  readonly columns: string;
  /** A row of that select as Drizzle's `select().from(table)` returns it. */
  row(raw: Record<string, unknown>): InferSelectModel<T>;
}

/**
 * A hot path's whole-row read without Drizzle's query building (decision 054): the select list is written
 * once per table, and each value goes through its column's own driver mapping, so a row reads the same as
 * through Drizzle. Dates are sent as text: node-postgres would make them a local midnight `Date`.
 */
export function leanRows<T extends Table>(table: T, alias: string, prefix = ''): LeanRows<T> {
  const columns = Object.entries(getTableColumns(table));
  return {
    columns: columns
      .map(([key, column]) => {
        const read = `"${alias}"."${column.name}"${column.getSQLType() === 'date' ? '::text' : ''}`;
        return `${read} as "${prefix}${key}"`;
      })
      .join(', '),
    row(raw) {
      const out: Record<string, unknown> = {};
      for (const [key, column] of columns) {
        const value = raw[prefix + key];
        out[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
      }
      return out as InferSelectModel<T>;
    },
  };
}
