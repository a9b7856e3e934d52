import { describe, expect, it } from 'vitest';
import { planCourses, type PlannableLine } from './courses.ts';

const STARTERS = 10;
const MAINS = 20;
const DESSERTS = 30;
const order = new Map([
  [STARTERS, 0],
  [MAINS, 1],
  [DESSERTS, 2],
]);

const dish = (dishClassId: number | null, extra: Partial<PlannableLine> = {}): PlannableLine => ({
  productType: 'comida',
  dishClassId,
  parent: null,
  status: 1,
  ...extra,
});

describe('planCourses', () => {
  it('fires the earliest course in one service event and holds the later ones', () => {
    const plan = planCourses([dish(STARTERS), dish(MAINS), dish(STARTERS), dish(DESSERTS)], [], order);
    expect(plan.events).toEqual([{ dishClassId: STARTERS, status: 1 }]);
    expect(plan.lines).toEqual([
      { held: false, fired: true, event: 0 },
      { held: true, fired: false, event: null },
      { held: false, fired: true, event: 0 },
      { held: true, fired: false, event: null },
    ]);
  });

  it('leaves drinks, dishes without a course and a menú del día line neither held nor fired', () => {
    const plan = planCourses(
      [
        dish(MAINS, { productType: 'bebida' }),
        dish(null),
        dish(MAINS),
        dish(STARTERS, { parent: 2 }),
        dish(MAINS, { parent: 2 }),
      ],
      [],
      order,
    );
    expect(plan.lines).toEqual([
      { held: false, fired: false, event: null },
      { held: false, fired: false, event: null },
      { held: false, fired: false, event: null },
      { held: false, fired: true, event: 0 },
      { held: true, fired: false, event: null },
    ]);
    expect(plan.events).toEqual([{ dishClassId: STARTERS, status: 1 }]);
  });

  it('holds a course the table already waits for, and fires an earlier one at once', () => {
    const plan = planCourses([dish(MAINS), dish(STARTERS, { status: 0 })], [MAINS], order);
    expect(plan.lines).toEqual([
      { held: true, fired: false, event: null },
      { held: false, fired: true, event: 0 },
    ]);
    expect(plan.events).toEqual([{ dishClassId: STARTERS, status: 0 }]);
  });

  it('fires every course of the order at once when the table waits for nothing earlier', () => {
    const plan = planCourses([dish(DESSERTS)], [], order);
    expect(plan).toEqual({
      lines: [{ held: false, fired: true, event: 0 }],
      events: [{ dishClassId: DESSERTS, status: 1 }],
    });
  });
});
