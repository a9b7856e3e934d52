/** A period of the venue's calendar, both days included (`YYYY-MM-DD`). */
export interface DateRange {
  readonly from: string;
  readonly to: string;
}

interface DateRangeFieldsProps {
  readonly idPrefix: string;
  readonly range: DateRange;
  readonly onChange: (range: DateRange) => void;
  readonly fromLabel: string;
  readonly toLabel: string;
  /** Why the server refused the period, at the field it names. */
  readonly errors?: Partial<Record<keyof DateRange, string>>;
}

/**
 * The two date fields of a period filter: the first day never after the last, and a cleared field keeps the
 * day it had (a period is never half empty). A refusal shows under its field, tied to the control.
 */
export function DateRangeFields(props: DateRangeFieldsProps) {
  const { idPrefix, range, onChange } = props;
  const field = (end: keyof DateRange) => {
    const id = `${idPrefix}-${end}`;
    const error = props.errors?.[end];
    return (
      <div className="field">
        <label htmlFor={id} className="field__label">
          {end === 'from' ? props.fromLabel : props.toLabel}
        </label>
        <input
          id={id}
          type="date"
          className="input"
          value={range[end]}
          {...(end === 'from' ? { max: range.to } : { min: range.from })}
          required
          onChange={(event) => event.target.value && onChange({ ...range, [end]: event.target.value })}
          {...(error ? { 'aria-invalid': true, 'aria-describedby': `${id}-error` } : {})}
        />
        {error && (
          <span id={`${id}-error`} className="admin-field__error">
            {error}
          </span>
        )}
      </div>
    );
  };
  return (
    <>
      {field('from')}
      {field('to')}
    </>
  );
}
