import { describe, expect, it } from 'vitest';
import { elapsedLabel, relativeDayLabel } from './labels.ts';
import { parseDecimalInput, paxProblem } from './numbers.ts';

const NOW = new Date('2026-11-20T21:00:00Z');
const ago = (ms: number) => new Date(NOW.getTime() - ms);

describe("elapsed-time label (spec §9: Nh, N', Nuevo)", () => {
  it.each([
    [0, 'Nuevo'],
    [59_999, 'Nuevo'],
    [60_000, "1'"],
    [59 * 60_000 + 59_999, "59'"],
    [60 * 60_000, '1h'],
    [2 * 3600_000 + 59 * 60_000, '2h'],
    [25 * 3600_000, '25h'],
    [-5 * 60_000, 'Nuevo'],
  ])('%d ms ago is %s', (ms, label) => {
    expect(elapsedLabel(ago(ms), NOW)).toBe(label);
  });
});

describe('relative day labels (spec §9: HOY, AYER, MAÑANA around the logical date)', () => {
  it.each([
    ['2026-11-20', 'HOY'],
    ['2026-11-19', 'AYER'],
    ['2026-11-21', 'MAÑANA'],
    ['2026-11-22', null],
    ['2026-11-18', null],
  ])('%s is %s on 2026-11-20', (date, label) => {
    expect(relativeDayLabel(date, '2026-11-20')).toBe(label);
  });

  it('crosses months and years', () => {
    expect(relativeDayLabel('2027-01-01', '2026-12-31')).toBe('MAÑANA');
    expect(relativeDayLabel('2026-02-28', '2026-03-01')).toBe('AYER');
  });
});

describe('comma-decimal numbers (spec §5)', () => {
  it.each([
    ['2,5', 2.5],
    ['2.5', 2.5],
    [' 4 ', 4],
    ['-3', -3],
    ['-0,5', -0.5],
    [',5', 0.5],
    ['+7', 7],
    ['10', 10],
  ])('%s is %d', (text, value) => {
    expect(parseDecimalInput(text)).toBe(value);
  });

  it.each(['', ' ', 'abc', '1,2,3', '1.000,5', '1e3', '2,', '--1', '0x10', 'Infinity', '4 personas'])(
    '%j is not a number',
    (text) => {
      expect(parseDecimalInput(text)).toBeNull();
    },
  );
});

describe('party size of the walk-in and sit-in forms (spec §5)', () => {
  it.each([
    [4, null],
    ['4', null],
    [1, null],
    [100, null],
    [-1, 'negative'],
    ['-2', 'negative'],
    [-2.5, 'negative'],
    ['-2,5', 'negative'],
    [0, 'zero'],
    ['0', 'zero'],
    [2.5, 'not_integer'],
    ['2,5', 'not_integer'],
    [101, 'too_large'],
    ['', 'required'],
    ['dos', 'required'],
    [null, 'required'],
    [undefined, 'required'],
    [Number.NaN, 'required'],
  ] as const)('%j → %s', (value, problem) => {
    expect(paxProblem(value)).toBe(problem);
  });

  it('takes another maximum', () => {
    expect(paxProblem(12, 10)).toBe('too_large');
  });
});
