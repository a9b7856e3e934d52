import { useId, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { DatePicker } from '../../../components/date-picker/date-picker.tsx';
import { formatCalendarDate } from '../../../components/date-picker/calendar.ts';
import { useLocale } from '../../../i18n/use-locale.ts';
import { useTranslation } from '../../../i18n/use-translation.ts';

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
  /** The calendars' month titles in the page's outline: one level below the heading the fields sit under. */
  readonly headingLevel: 2 | 3 | 4;
}

/**
 * Any day the calendars offer: a period of the past (reports, records) or of the days ahead. The server
 * decides whether a period is acceptable and says why not at its field.
 */
const CALENDAR = { firstDate: '2000-01-01', lastDate: '2099-12-31', disabledWeekdays: [] } as const;

/**
 * The two date fields of a period filter. Each shows its day in the app's language and opens the app's own
 * calendar, as the booking form does: a browser's date input writes the day in the browser's language
 * instead (a Basque screen with "11/27/2026"). A refusal shows under its field, tied to the control.
 */
export function DateRangeFields(props: DateRangeFieldsProps) {
  const { idPrefix, range, onChange } = props;
  return (
    <>
      {(['from', 'to'] as const).map((end) => (
        <DateField
          key={end}
          id={`${idPrefix}-${end}`}
          label={end === 'from' ? props.fromLabel : props.toLabel}
          value={range[end]}
          error={props.errors?.[end]}
          headingLevel={props.headingLevel}
          onChange={(date) => onChange({ ...range, [end]: date })}
        />
      ))}
    </>
  );
}

function DateField(props: {
  readonly id: string;
  readonly label: string;
  readonly value: string;
  readonly error: string | undefined;
  readonly headingLevel: 2 | 3 | 4;
  readonly onChange: (date: string) => void;
}) {
  const { id, error } = props;
  const { locale } = useLocale();
  // The calendar's own texts load with the field: loaded only on opening, their wait would hide the field
  // behind the page's fallback, take the focus from it and fold the calendar straight away.
  useTranslation('reservations');
  const labelId = useId();
  const calendarId = useId();
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);

  const close = () => {
    setOpen(false);
    button.current?.focus();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !open) return;
    event.stopPropagation();
    close();
  };
  // The calendar folds away once the focus leaves the field (Tab past it, a click elsewhere).
  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget)) setOpen(false);
  };

  return (
    <div className="field date-field" onKeyDown={onKeyDown} onBlur={onBlur}>
      <span id={labelId} className="field__label">
        {props.label}
      </span>
      <button
        ref={button}
        id={id}
        type="button"
        className="input date-field__button"
        data-date={props.value}
        aria-labelledby={`${labelId} ${id}`}
        aria-expanded={open}
        aria-controls={calendarId}
        onClick={() => setOpen(!open)}
        {...(error ? { 'aria-invalid': true, 'aria-describedby': `${id}-error` } : {})}
      >
        {formatCalendarDate(props.value, locale, 'medium')}
      </button>
      {/* Focusable, so a tap on the calendar between its buttons keeps the focus in the field and it open. */}
      <div id={calendarId} className="date-field__calendar" hidden={!open} tabIndex={-1}>
        {open && (
          <DatePicker
            value={props.value}
            rules={CALENDAR}
            label={props.label}
            headingLevel={props.headingLevel}
            onChange={(date) => {
              props.onChange(date);
              close();
            }}
          />
        )}
      </div>
      {error && (
        <span id={`${id}-error`} className="admin-field__error">
          {error}
        </span>
      )}
    </div>
  );
}
