import { addDays } from '@sobremesa/domain';
import type { ReportRange } from '../../lib/reports-api.ts';

/** The reports' range presets (issue 24 item 6): from the venue's current service day. Weeks start on Monday. */
export const RANGE_PRESETS = ['today', 'yesterday', 'week', 'month', 'lastMonth', 'year'] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number];

function weekday(date: string): number {
  // 0 Monday … 6 Sunday.
  return (new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7;
}

export function presetRange(preset: RangePreset, today: string): ReportRange {
  const month = today.slice(0, 7);
  switch (preset) {
    case 'today':
      return { from: today, to: today };
    case 'yesterday': {
      const yesterday = addDays(today, -1);
      return { from: yesterday, to: yesterday };
    }
    case 'week':
      return { from: addDays(today, -weekday(today)), to: today };
    case 'month':
      return { from: `${month}-01`, to: today };
    case 'lastMonth': {
      const last = addDays(`${month}-01`, -1);
      return { from: `${last.slice(0, 7)}-01`, to: last };
    }
    case 'year':
      return { from: `${today.slice(0, 4)}-01-01`, to: today };
  }
}

/** The preset a range is, if any (so the preset's button shows as chosen). */
export function presetOf(range: ReportRange, today: string): RangePreset | null {
  return (
    RANGE_PRESETS.find((preset) => {
      const candidate = presetRange(preset, today);
      return candidate.from === range.from && candidate.to === range.to;
    }) ?? null
  );
}
