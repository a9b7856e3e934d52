import type { FieldError } from '@sobremesa/contracts';
import type { ReactNode } from 'react';
import { isServerError } from '../../../lib/api-client.ts';

/** A refused save: the server's fields (their messages in the admin's language, decision 064) and its message. */
export interface SaveFailure {
  readonly message: string;
  readonly fields: readonly FieldError[];
}

export function saveFailure(error: unknown, networkMessage: string): SaveFailure {
  if (isServerError(error)) return { message: error.message, fields: error.fields };
  return { message: networkMessage, fields: [] };
}

const isAt = (field: FieldError, path: string) => field.path === path || field.path.startsWith(`${path}.`);

/** The message the server gave for `path`, or for a field under it. */
export function errorAt(failure: SaveFailure | null, path: string): string | undefined {
  return failure?.fields.find((field) => isAt(field, path))?.message;
}

/**
 * What a form says below its fields about a refused save: the server's message, then the reasons of any
 * refused field the form has no control for (the ones it has show theirs at the control).
 */
export function failureSummary(failure: SaveFailure | null, shownAt: readonly string[]): string | null {
  if (!failure) return null;
  const elsewhere = failure.fields.filter((field) => !shownAt.some((path) => isAt(field, path)));
  return [failure.message, ...elsewhere.map((field) => field.message)].join(' ');
}

/**
 * A labelled control with its error beside it, tied with `aria-describedby` and `aria-invalid` so a
 * screen reader reads the rule when the field is reached. `control` gets the props to spread.
 */
export function AdminField(props: {
  readonly id: string;
  readonly label: string;
  readonly error: string | undefined;
  readonly control: (extra: Record<string, unknown>) => ReactNode;
}) {
  const { id, label, error } = props;
  const extra = error ? { id, 'aria-describedby': `${id}-error`, 'aria-invalid': true } : { id };
  return (
    <div className="field">
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      {props.control(extra)}
      {error && (
        <span id={`${id}-error`} className="admin-field__error">
          {error}
        </span>
      )}
    </div>
  );
}
