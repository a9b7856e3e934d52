import { describe, expect, it } from 'vitest';
import { presetOf, presetRange } from './report-range.ts';

describe('report range presets', () => {
  const today = '2026-11-25'; // a Wednesday

  it('run from the service day: the week from Monday, the month from the 1st, last month whole', () => {
    expect(presetRange('today', today)).toEqual({ from: today, to: today });
    expect(presetRange('yesterday', today)).toEqual({ from: '2026-11-24', to: '2026-11-24' });
    expect(presetRange('week', today)).toEqual({ from: '2026-11-23', to: today });
    expect(presetRange('month', today)).toEqual({ from: '2026-11-01', to: today });
    expect(presetRange('lastMonth', today)).toEqual({ from: '2026-10-01', to: '2026-10-31' });
    expect(presetRange('year', today)).toEqual({ from: '2026-01-01', to: today });
  });

  it('a Sunday’s week starts six days before; January’s last month is December', () => {
    expect(presetRange('week', '2026-11-29')).toEqual({ from: '2026-11-23', to: '2026-11-29' });
    expect(presetRange('lastMonth', '2026-01-10')).toEqual({ from: '2025-12-01', to: '2025-12-31' });
  });

  it('names the preset a range is, and none for a hand-picked one', () => {
    expect(presetOf({ from: '2026-11-01', to: today }, today)).toBe('month');
    expect(presetOf({ from: '2026-11-02', to: today }, today)).toBeNull();
  });
});
