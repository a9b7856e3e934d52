import { AdminField } from './admin-field.tsx';

export interface RowField<T> {
  readonly key: keyof T & string;
  /** The end of the control's id, after the list's prefix and the row's position. */
  readonly id: string;
  readonly label: string;
  readonly type: 'number' | 'date' | 'text';
}

interface DraftRowsProps<T> {
  readonly idPrefix: string;
  readonly rows: readonly T[];
  readonly fields: readonly RowField<T>[];
  /** The server's message for a row's field, if it refused it. */
  readonly errorOf: (index: number, key: string) => string | undefined;
  readonly removeLabel: (row: T) => string;
  readonly onChange: (rows: T[]) => void;
}

/** The rows of a list the form saves whole: each row's fields, their errors beside them, and its remove button. */
export function DraftRows<T extends object>({
  idPrefix,
  rows,
  fields,
  errorOf,
  removeLabel,
  onChange,
}: DraftRowsProps<T>) {
  const setAt = (index: number, patch: Partial<T>) =>
    onChange(rows.map((row, at) => (at === index ? { ...row, ...patch } : row)));
  return rows.map((row, index) => (
    <div key={index} className="admin-bookings__row">
      {fields.map((field) => (
        <AdminField
          key={field.key}
          id={`${idPrefix}-${index}-${field.id}`}
          label={field.label}
          error={errorOf(index, field.key)}
          control={(extra) => (
            <input
              className="input"
              type={field.type}
              value={row[field.key] as string | number}
              onChange={(event) => {
                const text = event.target.value;
                const number = text === '' ? Number.NaN : Number(text);
                setAt(index, { [field.key]: field.type === 'number' ? number : text } as Partial<T>);
              }}
              {...extra}
            />
          )}
        />
      ))}
      <button
        type="button"
        className="button button--quiet"
        onClick={() => onChange(rows.filter((_, at) => at !== index))}
      >
        {removeLabel(row)}
      </button>
    </div>
  ));
}

interface DraftListProps<T> extends DraftRowsProps<T> {
  readonly legend: string;
  /** Said when the list has no rows. */
  readonly empty?: string;
  /** The server's message for the list as a whole. */
  readonly listError?: string;
  readonly addLabel: string;
  /** The row the add button appends, for the manager to fill in. */
  readonly newRow: T;
}

/** A list the form saves whole, under its legend: its rows, its own error, and the button that adds a row. */
export function DraftList<T extends object>({
  legend,
  empty,
  listError,
  addLabel,
  newRow,
  ...rowsProps
}: DraftListProps<T>) {
  const { rows, onChange } = rowsProps;
  return (
    <fieldset className="admin-bookings__group">
      <legend className="field__label">{legend}</legend>
      {empty && rows.length === 0 && <p className="muted">{empty}</p>}
      <DraftRows {...rowsProps} />
      {listError && <p className="admin-field__error">{listError}</p>}
      <button type="button" className="button" onClick={() => onChange([...rows, newRow])}>
        {addLabel}
      </button>
    </fieldset>
  );
}
