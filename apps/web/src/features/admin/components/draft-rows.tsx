import { BookingField } from './booking-field.tsx';

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
        <BookingField
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
