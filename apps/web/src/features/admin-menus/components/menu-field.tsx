import type { FieldError } from '@sobremesa/contracts';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { isServerError } from '../../../lib/api-client.ts';

/**
 * A refused write as the editor shows it: the server's message, and the fields it names; `conflict` when
 * the values were fine on their own and clash with the rest of the menu (409).
 */
export interface Failure {
  readonly message: string;
  readonly fields: readonly FieldError[];
  readonly conflict: boolean;
}

export function failureOf(error: unknown, t: TFunction<'adminMenus'>): Failure {
  if (isServerError(error))
    return { message: error.message, fields: error.fields, conflict: error.status === 409 };
  return { message: t('errors.network'), fields: [], conflict: false };
}

/**
 * The explanation of a refused field in the admin's language: this screen's own words for the field's
 * rule, a general one for a field without its own; for a clash with the rest of the menu (a dish its
 * options would take below 0 €, decision 078) the server's own words, which name what it clashes with.
 */
export function useFieldError(failure: Failure | null) {
  const { t, i18n } = useTranslation('adminMenus');
  return (field: string): string | undefined => {
    const refused = failure?.fields.find((row) => row.path === field || row.path.startsWith(`${field}.`));
    if (!refused) return undefined;
    if (failure?.conflict) return refused.message;
    const key = `errors.fields.${field}`;
    return i18n.exists(key, { ns: 'adminMenus' }) ? t(key as never) : t('errors.field');
  };
}

interface MenuFieldProps {
  readonly id: string;
  readonly label: string;
  readonly error: string | undefined;
  readonly hint?: string;
  /** The control, given the attributes that tie it to its hint and error. */
  readonly children: (described: {
    id: string;
    'aria-describedby'?: string;
    'aria-invalid'?: true;
  }) => ReactNode;
}

/** A labelled control with its hint and its error, read out when the control is reached. */
export function MenuField({ id, label, error, hint, children }: MenuFieldProps) {
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ');
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {children({
        id,
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        ...(error ? { 'aria-invalid': true as const } : {}),
      })}
      {hint && (
        <span id={`${id}-hint`} className="field__hint">
          {hint}
        </span>
      )}
      {error && (
        <span id={`${id}-error`} className="admin-field__error">
          {error}
        </span>
      )}
    </div>
  );
}

/** A labelled text input, `inputMode` telling a phone which keyboard to open. */
export function MenuInput({
  value,
  onChange,
  inputMode,
  ...field
}: Omit<MenuFieldProps, 'children'> & {
  readonly value: string;
  readonly onChange: (value: string) => void;
  readonly inputMode?: 'numeric' | 'decimal';
}) {
  return (
    <MenuField {...field}>
      {(props) => (
        <input
          {...props}
          className="input"
          inputMode={inputMode}
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </MenuField>
  );
}

/** A labelled choice of one row by id, `none` naming the empty choice (null). */
export function MenuIdSelect({
  value,
  onChange,
  none,
  options,
  ...field
}: Omit<MenuFieldProps, 'children'> & {
  readonly value: number | null;
  readonly onChange: (value: number | null) => void;
  readonly none: string;
  readonly options: readonly { readonly id: number; readonly name: string }[];
}) {
  return (
    <MenuField {...field}>
      {(props) => (
        <select
          {...props}
          className="input"
          value={value ?? ''}
          onChange={(event) => onChange(event.target.value === '' ? null : Number(event.target.value))}
        >
          <option value="">{none}</option>
          {options.map((row) => (
            <option key={row.id} value={row.id}>
              {row.name}
            </option>
          ))}
        </select>
      )}
    </MenuField>
  );
}

/** A checkbox with its label to the right, as the admin area's other forms have them. */
export function MenuCheck({
  id,
  label,
  checked,
  onChange,
}: {
  readonly id: string;
  readonly label: string;
  readonly checked: boolean;
  readonly onChange: (checked: boolean) => void;
}) {
  return (
    <div className="admin-check">
      <input
        id={id}
        type="checkbox"
        className="admin-check__box"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
      />
      <label htmlFor={id} className="admin-check__label">
        {label}
      </label>
    </div>
  );
}
