import { useId, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { formatDateShape } from '../../i18n/format.ts';
import { useLocale } from '../../i18n/use-locale.ts';
import {
  calendarInstant,
  clampDate,
  dateForKey,
  dayState,
  daysInMonth,
  firstOpenDate,
  formatCalendarDate,
  monthOf,
  monthWeeks,
  shiftMonth,
  type CalendarRules,
  type DayState,
} from './calendar.ts';
import { parseDateValue } from './date-value.ts';
import './date-picker.css';

interface DatePickerProps {
  /** The chosen date: a `yyyy-MM-dd` string or a Date (spec §5), or null. */
  readonly value: string | Date | null;
  readonly rules: CalendarRules;
  /** Dates with nothing left for the party. */
  readonly fullDates?: ReadonlySet<string>;
  readonly onChange: (date: string) => void;
  /** What the calendar is for, when not the booking's "Día" (the admin's "Desde", "Hasta"). */
  readonly label?: string;
  /** The month title's level in the page's outline: one below the heading the picker sits under. */
  readonly headingLevel?: 2 | 3 | 4;
}

const STATE_LABEL: Record<Exclude<DayState, 'open'>, 'date.unavailable' | 'date.closed' | 'date.full'> = {
  outside: 'date.unavailable',
  closed: 'date.closed',
  full: 'date.full',
};

/**
 * The booking date picker (spec §5, §9): a month grid with weeks from Monday, today up to the last bookable
 * date, the venue's closed weekdays and the days with nothing left shown and announced as not available.
 * The WAI-ARIA grid pattern: one tab stop, arrows move by day and week, Home and End to the week's ends,
 * Page Up and Page Down by month (with Shift by year), Enter or Space chooses.
 */
export function DatePicker({ value, rules, fullDates, onChange, label, headingLevel = 3 }: DatePickerProps) {
  const { t } = useTranslation('reservations');
  const { locale } = useLocale();
  const labelId = useId();
  const monthId = useId();
  const helpId = useId();
  const selected = value === null ? null : parseDateValue(value);
  const MonthHeading = `h${headingLevel}` as const;
  const [focused, setFocused] = useState(() => selected ?? firstOpenDate(rules, fullDates));
  const [month, setMonth] = useState(() => monthOf(selected ?? firstOpenDate(rules, fullDates)));
  const grid = useRef<HTMLTableElement>(null);
  const moveFocus = useRef(false);

  // A date chosen elsewhere (a link's ?date=) shows its month.
  const [shown, setShown] = useState(selected);
  if (selected !== shown) {
    setShown(selected);
    if (selected) {
      setFocused(selected);
      setMonth(monthOf(selected));
    }
  }

  useLayoutEffect(() => {
    if (!moveFocus.current) return;
    moveFocus.current = false;
    grid.current?.querySelector<HTMLButtonElement>(`[data-date="${focused}"]`)?.focus();
  }, [focused, month]);

  const formats = useMemo(() => {
    const weekdays = Array.from({ length: 7 }, (_, index) => {
      // 1 January 2024 was a Monday: the headers are the seven days from it.
      const day = calendarInstant(`2024-01-0${index + 1}`);
      return {
        short: formatDateShape(day, locale, 'UTC', 'weekdayShort'),
        long: formatDateShape(day, locale, 'UTC', 'weekdayLong'),
      };
    });
    return { weekdays };
  }, [locale]);

  const firstMonth = monthOf(rules.firstDate);
  const lastMonth = monthOf(rules.lastDate);
  const weeks = monthWeeks(month);
  // The one tab stop: the focused day when it is in the month shown, else the month's first bookable day.
  const inMonth = weeks.flat().filter((date): date is string => date !== null);
  const tabStop =
    monthOf(focused) === month
      ? focused
      : (inMonth.find((date) => dayState(date, rules, fullDates) === 'open') ??
        inMonth.find((date) => dayState(date, rules) !== 'outside') ??
        inMonth[0]);

  const showMonth = (next: string) => {
    setMonth(next);
    const day = Math.min(Number(focused.slice(8, 10)), daysInMonth(next));
    setFocused(clampDate(`${next}-${String(day).padStart(2, '0')}`, rules));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTableElement>) => {
    const target = dateForKey(tabStop ?? focused, event.key, event.shiftKey);
    if (target === null) return;
    event.preventDefault();
    const next = clampDate(target, rules);
    if (next === focused && monthOf(next) === month) return;
    moveFocus.current = true;
    setFocused(next);
    setMonth(monthOf(next));
  };

  return (
    <div className="date-picker" role="group" aria-labelledby={labelId}>
      <span id={labelId} className="field__label">
        {label ?? t('date.label')}
      </span>
      <div className="date-picker__header">
        <button
          type="button"
          className="icon-button date-picker__nav"
          onClick={() => {
            if (month > firstMonth) showMonth(shiftMonth(month, -1));
          }}
          // Not `disabled`: the button keeps the focus when it reaches the first month.
          aria-disabled={month <= firstMonth}
          aria-label={t('date.previousMonth')}
        >
          <span aria-hidden="true">‹</span>
        </button>
        <MonthHeading id={monthId} className="date-picker__month" aria-live="polite">
          {formatDateShape(calendarInstant(`${month}-01`), locale, 'UTC', 'monthYear')}
        </MonthHeading>
        <button
          type="button"
          className="icon-button date-picker__nav"
          onClick={() => {
            if (month < lastMonth) showMonth(shiftMonth(month, 1));
          }}
          aria-disabled={month >= lastMonth}
          aria-label={t('date.nextMonth')}
        >
          <span aria-hidden="true">›</span>
        </button>
      </div>
      <table
        ref={grid}
        role="grid"
        className="date-picker__grid"
        aria-labelledby={`${labelId} ${monthId}`}
        aria-describedby={helpId}
        onKeyDown={onKeyDown}
      >
        <thead>
          <tr>
            {formats.weekdays.map((weekday) => (
              <th key={weekday.long} scope="col" abbr={weekday.long}>
                {weekday.short}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week.find((date) => date !== null)}>
              {week.map((date, index) => {
                if (date === null) return <td key={`empty-${index}`} className="date-picker__empty" />;
                const state = dayState(date, rules, fullDates);
                const isSelected = date === selected;
                const label = formatCalendarDate(date, locale);
                return (
                  <td key={date} aria-selected={isSelected}>
                    <button
                      type="button"
                      className={`date-picker__day date-picker__day--${state}${isSelected ? ' date-picker__day--selected' : ''}`}
                      data-date={date}
                      tabIndex={date === tabStop ? 0 : -1}
                      aria-label={state === 'open' ? label : `${label}, ${t(STATE_LABEL[state])}`}
                      aria-disabled={state === 'open' ? undefined : true}
                      aria-current={date === rules.firstDate ? 'date' : undefined}
                      onFocus={() => setFocused(date)}
                      onClick={() => {
                        setFocused(date);
                        if (state === 'open') onChange(date);
                      }}
                    >
                      {Number(date.slice(8, 10))}
                    </button>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      <p id={helpId} className="field__hint">
        {t('date.help')}
      </p>
      <p className="date-picker__chosen" aria-live="polite">
        {selected ? t('date.chosen', { date: formatCalendarDate(selected, locale) }) : ''}
      </p>
    </div>
  );
}
