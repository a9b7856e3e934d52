import { describe, expect, it } from 'vitest';
import {
  clampDate,
  dateForKey,
  dayState,
  firstOpenDate,
  monthWeeks,
  sameDayInMonth,
  shiftMonth,
  type CalendarRules,
} from './calendar.ts';

// Today a Saturday; closed on Mondays like the demo venue; 60 days ahead.
const RULES: CalendarRules = { firstDate: '2026-11-21', lastDate: '2027-01-20', disabledWeekdays: [1] };

describe('calendar grid (spec §5, §9)', () => {
  it('starts every week on Monday and pads the neighbouring months', () => {
    const weeks = monthWeeks('2026-11');
    expect(weeks[0]).toEqual([null, null, null, null, null, null, '2026-11-01']); // 1 Nov 2026 is a Sunday
    expect(weeks[1]?.[0]).toBe('2026-11-02');
    expect(weeks.at(-1)).toEqual(['2026-11-30', null, null, null, null, null, null]);
    expect(weeks.every((week) => week.length === 7)).toBe(true);
    expect(monthWeeks('2027-02')).toHaveLength(4); // February 2027 starts on a Monday: four full weeks
  });

  it('opens today up to the last date, except closed weekdays and full days', () => {
    expect(dayState('2026-11-20', RULES)).toBe('outside'); // yesterday
    expect(dayState('2026-11-21', RULES)).toBe('open'); // today
    expect(dayState('2026-11-23', RULES)).toBe('closed'); // a Monday
    expect(dayState('2027-01-20', RULES)).toBe('open'); // the 60th day
    expect(dayState('2027-01-21', RULES)).toBe('outside');
    expect(dayState('2026-11-24', RULES, new Set(['2026-11-24']))).toBe('full');
    expect(firstOpenDate({ ...RULES, firstDate: '2026-11-23' })).toBe('2026-11-24');
    expect(firstOpenDate(RULES, new Set(['2026-11-21', '2026-11-22']))).toBe('2026-11-24');
  });

  it('moves the focus with the date picker keys', () => {
    expect(dateForKey('2026-11-25', 'ArrowLeft')).toBe('2026-11-24');
    expect(dateForKey('2026-11-30', 'ArrowRight')).toBe('2026-12-01');
    expect(dateForKey('2026-11-25', 'ArrowUp')).toBe('2026-11-18');
    expect(dateForKey('2026-11-25', 'ArrowDown')).toBe('2026-12-02');
    expect(dateForKey('2026-11-25', 'Home')).toBe('2026-11-23'); // Monday
    expect(dateForKey('2026-11-25', 'End')).toBe('2026-11-29'); // Sunday
    expect(dateForKey('2026-12-31', 'PageUp')).toBe('2026-11-30');
    expect(dateForKey('2026-11-25', 'PageDown')).toBe('2026-12-25');
    expect(dateForKey('2026-11-25', 'PageDown', true)).toBe('2027-11-25');
    expect(dateForKey('2026-11-25', 'Enter')).toBeNull();
    expect(clampDate('2026-11-01', RULES)).toBe('2026-11-21');
    expect(clampDate('2027-03-01', RULES)).toBe('2027-01-20');
  });

  it('does month arithmetic across years and short months', () => {
    expect(shiftMonth('2026-12', 1)).toBe('2027-01');
    expect(shiftMonth('2027-01', -1)).toBe('2026-12');
    expect(sameDayInMonth('2027-01-31', 1)).toBe('2027-02-28');
    expect(sameDayInMonth('2028-01-31', 1)).toBe('2028-02-29');
  });
});
