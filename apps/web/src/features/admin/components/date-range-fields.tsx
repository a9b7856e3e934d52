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
}

/**
 * The two date fields of a period filter: the first day never after the last, and a cleared field keeps the
 * day it had (a period is never half empty).
 */
export function DateRangeFields({ idPrefix, range, onChange, fromLabel, toLabel }: DateRangeFieldsProps) {
  return (
    <>
      <div className="field">
        <label htmlFor={`${idPrefix}-from`} className="field__label">
          {fromLabel}
        </label>
        <input
          id={`${idPrefix}-from`}
          type="date"
          className="input"
          value={range.from}
          max={range.to}
          required
          onChange={(event) => event.target.value && onChange({ ...range, from: event.target.value })}
        />
      </div>
      <div className="field">
        <label htmlFor={`${idPrefix}-to`} className="field__label">
          {toLabel}
        </label>
        <input
          id={`${idPrefix}-to`}
          type="date"
          className="input"
          value={range.to}
          min={range.from}
          required
          onChange={(event) => event.target.value && onChange({ ...range, to: event.target.value })}
        />
      </div>
    </>
  );
}
