import { isLocale } from '@sobremesa/domain';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { NATIVE_LANGUAGE_NAMES } from '../../../i18n/native-names.ts';
import { centsToEuroInput, euroInputToCents, type FieldSpec } from '../venue-form-model.ts';

/** Every IANA zone the browser knows, with the venue's own first if the browser lacks it. */
function timeZones(current: string): string[] {
  const zones = Intl.supportedValuesOf('timeZone');
  return zones.includes(current) ? zones : [current, ...zones];
}

/** A field's texts live under `fields.<path with underscores>` of the admin namespace. */
export const fieldKey = (path: string) => `fields.${path.replace(/\./g, '_')}`;

export interface SettingFieldProps {
  readonly idPrefix: string;
  readonly field: FieldSpec;
  readonly value: unknown;
  readonly error: string | undefined;
  readonly onChange: (value: unknown) => void;
}

/**
 * One setting with its label, hint and error: the error is tied to the control (`aria-describedby`,
 * `aria-invalid`) so a screen reader reads it when the field is reached.
 */
export function SettingField({ idPrefix, field, value, error, onChange }: SettingFieldProps) {
  const { t, i18n } = useTranslation('admin');
  const id = `${idPrefix}-${field.path.replace(/\./g, '-')}`;
  const key = fieldKey(field.path);
  const text = (suffix: string) => t(`${key}.${suffix}` as never);
  const hasHint = i18n.exists(`${key}.hint`, { ns: 'admin' });
  const describedBy = [hasHint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ');
  const described = describedBy ? { 'aria-describedby': describedBy } : {};
  const invalid = error ? { 'aria-invalid': true as const } : {};
  const hint = hasHint ? (
    <span id={`${id}-hint`} className="field__hint">
      {text('hint')}
    </span>
  ) : null;
  const errorText = error ? (
    <span id={`${id}-error`} className="admin-field__error">
      {error}
    </span>
  ) : null;
  const { kind } = field;

  if (kind.type === 'checkbox') {
    const checked = kind.stored === 'zeroOne' ? value === 1 : value === true;
    return (
      <div className="admin-check">
        <input
          id={id}
          type="checkbox"
          className="admin-check__box"
          checked={checked}
          onChange={(event) =>
            onChange(kind.stored === 'zeroOne' ? (event.target.checked ? 1 : 0) : event.target.checked)
          }
          {...described}
          {...invalid}
        />
        <label htmlFor={id} className="admin-check__label">
          {text('label')}
        </label>
        {hint}
        {errorText}
      </div>
    );
  }

  if (kind.type === 'choices') {
    const chosen: readonly unknown[] = Array.isArray(value) ? value : [];
    return (
      <fieldset className="admin-choices" {...described} {...invalid}>
        <legend className="field__label">{text('label')}</legend>
        {hint}
        <div className="admin-choices__list">
          {kind.options.map((option) => (
            <label key={String(option)} className="admin-check admin-choices__item">
              <input
                type="checkbox"
                className="admin-check__box"
                checked={chosen.includes(option)}
                onChange={(event) =>
                  onChange(
                    event.target.checked
                      ? kind.options.filter((item) => item === option || chosen.includes(item))
                      : chosen.filter((item) => item !== option),
                  )
                }
              />
              <span className="admin-check__label">
                {typeof option === 'string' && isLocale(option)
                  ? NATIVE_LANGUAGE_NAMES[option]
                  : t(`${key}.options.${option}` as never)}
              </span>
            </label>
          ))}
        </div>
        {errorText}
      </fieldset>
    );
  }

  let control;
  if (kind.type === 'select') {
    const current = String(value ?? '');
    const options =
      kind.options === 'timeZones'
        ? timeZones(current).map((zone) => [zone, zone.replace(/_/g, ' ')] as const)
        : Object.entries(NATIVE_LANGUAGE_NAMES);
    control = (
      <select
        id={id}
        className="select"
        value={current}
        onChange={(event) => onChange(event.target.value)}
        {...described}
        {...invalid}
      >
        {options.map(([option, label]) => (
          <option key={option} value={option}>
            {label}
          </option>
        ))}
      </select>
    );
  } else if (kind.type === 'textarea' || kind.type === 'lines') {
    const shown =
      kind.type === 'lines' ? (Array.isArray(value) ? value.join('\n') : '') : String(value ?? '');
    control = (
      <textarea
        id={id}
        className="input admin-field__textarea"
        rows={4}
        value={shown}
        onChange={(event) =>
          onChange(
            kind.type === 'lines'
              ? event.target.value
                  .split('\n')
                  .map((line) => line.trim())
                  .filter(Boolean)
              : event.target.value,
          )
        }
        {...described}
        {...invalid}
      />
    );
  } else if (kind.type === 'euros') {
    control = (
      <EuroInput
        id={id}
        cents={typeof value === 'number' ? value : 0}
        onChange={onChange}
        extra={{ ...described, ...invalid }}
      />
    );
  } else {
    control = (
      <input
        id={id}
        className="input"
        type={kind.input ?? 'text'}
        value={String(value ?? '')}
        {...(kind.autoComplete ? { autoComplete: kind.autoComplete } : { autoComplete: 'off' })}
        onChange={(event) => onChange(event.target.value)}
        {...described}
        {...invalid}
      />
    );
  }
  return (
    <div className="field">
      <label htmlFor={id} className="field__label">
        {text('label')}
      </label>
      {hint}
      {control}
      {errorText}
    </div>
  );
}

/**
 * An amount in euros, kept as typed while it is being written; what cannot be read as one is sent as -1 so
 * the server refuses it at the field. A new amount from outside (discarded changes, a save) replaces the text.
 */
function EuroInput(props: {
  readonly id: string;
  readonly cents: number;
  readonly onChange: (value: unknown) => void;
  readonly extra: Record<string, unknown>;
}) {
  const [text, setText] = useState(() => centsToEuroInput(props.cents));
  const [shown, setShown] = useState(props.cents);
  if (props.cents !== shown) {
    setShown(props.cents);
    if (props.cents >= 0 && euroInputToCents(text) !== props.cents) setText(centsToEuroInput(props.cents));
  }
  return (
    <input
      id={props.id}
      className="input admin-field__euros"
      inputMode="decimal"
      value={text}
      onChange={(event) => {
        setText(event.target.value);
        props.onChange(euroInputToCents(event.target.value) ?? -1);
      }}
      {...props.extra}
    />
  );
}
