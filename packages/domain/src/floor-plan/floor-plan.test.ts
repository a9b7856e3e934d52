import { describe, expect, it } from 'vitest';
import {
  applyPlanKey,
  DEFAULT_PLAN,
  freePlacement,
  gridPlacements,
  halfExtents,
  keepOnPlan,
  normaliseRotation,
  planBox,
  planKeyAction,
  uprightBox,
  type TablePlacement,
} from './floor-plan.ts';

const table: TablePlacement = { shape: 'rect', x: 500, y: 300, width: 140, height: 80, rotation: 0 };

describe('normaliseRotation', () => {
  it('brings any angle into [0, 360)', () => {
    expect(normaliseRotation(360)).toBe(0);
    expect(normaliseRotation(-15)).toBe(345);
    expect(normaliseRotation(725)).toBe(5);
  });
});

describe('halfExtents', () => {
  it('swaps width and height at a quarter turn', () => {
    const turned = halfExtents({ ...table, rotation: 90 });
    expect(turned.halfWidth).toBeCloseTo(40);
    expect(turned.halfHeight).toBeCloseTo(70);
  });

  it('grows a square turned 45 degrees to its diagonal', () => {
    const turned = halfExtents({ shape: 'square', width: 80, height: 80, rotation: 45 });
    expect(turned.halfWidth).toBeCloseTo(40 * Math.SQRT2);
  });

  it('keeps a round table the same whatever its rotation', () => {
    expect(halfExtents({ shape: 'round', width: 80, height: 80, rotation: 45 }).halfWidth).toBe(40);
  });
});

describe('keepOnPlan', () => {
  it('pulls a table past an edge back so all of it is on the plan', () => {
    expect(keepOnPlan({ ...table, x: -30, y: 900 }, DEFAULT_PLAN)).toMatchObject({ x: 70, y: 560 });
  });

  it('accounts for the rotation at the edge', () => {
    expect(keepOnPlan({ ...table, x: 0, rotation: 90 }, DEFAULT_PLAN).x).toBe(40);
  });

  it('centres a table larger than the plan instead of pinning it to one edge', () => {
    expect(keepOnPlan({ ...table, width: 1200, x: 0 }, DEFAULT_PLAN).x).toBe(500);
  });

  it('leaves a table inside the plan where it is', () => {
    expect(keepOnPlan(table, DEFAULT_PLAN)).toEqual(table);
  });
});

describe('planKeyAction', () => {
  it('moves by the small step, or the large one with Shift', () => {
    expect(planKeyAction('ArrowRight', false)).toEqual({ kind: 'move', dx: 10, dy: 0 });
    expect(planKeyAction('ArrowUp', true)).toEqual({ kind: 'move', dx: 0, dy: -50 });
  });

  it('turns clockwise with R and back with Shift+R', () => {
    expect(planKeyAction('r', false)).toEqual({ kind: 'rotate', degrees: 15 });
    expect(planKeyAction('R', true)).toEqual({ kind: 'rotate', degrees: -15 });
  });

  it('leaves every other key alone (Tab keeps moving focus)', () => {
    expect(planKeyAction('Tab', false)).toBeNull();
    expect(planKeyAction('Enter', false)).toBeNull();
  });
});

describe('applyPlanKey', () => {
  it('moves and stops at the edge', () => {
    const atEdge = { ...table, x: 75 };
    expect(applyPlanKey(atEdge, { kind: 'move', dx: -50, dy: 0 }, DEFAULT_PLAN).x).toBe(70);
  });

  it('turns back past zero to 345', () => {
    expect(applyPlanKey(table, { kind: 'rotate', degrees: -15 }, DEFAULT_PLAN).rotation).toBe(345);
  });
});

describe('gridPlacements', () => {
  it('spreads tables over the plan without two in one place', () => {
    const places = gridPlacements(7, DEFAULT_PLAN);
    expect(places).toHaveLength(7);
    expect(new Set(places.map((place) => `${place.x},${place.y}`)).size).toBe(7);
    for (const place of places) {
      expect(place.x).toBeGreaterThan(0);
      expect(place.x).toBeLessThan(DEFAULT_PLAN.width);
      expect(place.y).toBeGreaterThan(0);
      expect(place.y).toBeLessThan(DEFAULT_PLAN.height);
    }
  });

  it('gives nothing for no tables', () => {
    expect(gridPlacements(0, DEFAULT_PLAN)).toEqual([]);
  });
});

describe('uprightBox', () => {
  it('swaps width and height past 45 degrees and tilts the rest of the way', () => {
    expect(uprightBox(140, 80, 90)).toEqual({ width: 80, height: 140, rotation: 0 });
    expect(uprightBox(140, 80, 60)).toEqual({ width: 80, height: 140, rotation: -30 });
    expect(uprightBox(140, 80, 30)).toEqual({ width: 140, height: 80, rotation: 30 });
    expect(uprightBox(140, 80, 180)).toEqual({ width: 140, height: 80, rotation: 0 });
    expect(uprightBox(140, 80, 315)).toEqual({ width: 140, height: 80, rotation: -45 });
  });
});

describe('planBox', () => {
  it('gives the table’s box as fractions of the plan', () => {
    expect(planBox({ x: 500, y: 300, width: 100, height: 60, rotation: 0 }, DEFAULT_PLAN)).toEqual({
      left: 0.45,
      top: 0.45,
      width: 0.1,
      height: 0.1,
      rotation: 0,
    });
  });
});

describe('freePlacement', () => {
  const square = { shape: 'square', width: 80, height: 80, rotation: 0 } as const;

  it('starts at the top left of an empty plan', () => {
    expect(freePlacement(square, [], DEFAULT_PLAN)).toEqual({ x: 60, y: 60 });
  });

  it('puts each new table beside the last, then on the next row, never on another', () => {
    const placed: TablePlacement[] = [];
    for (let index = 0; index < 12; index += 1)
      placed.push({ ...square, ...freePlacement(square, placed, DEFAULT_PLAN) });
    expect(placed.slice(0, 2).map(({ x, y }) => [x, y])).toEqual([
      [60, 60],
      [160, 60],
    ]);
    expect(new Set(placed.map(({ x, y }) => `${x},${y}`)).size).toBe(12);
    expect(placed.at(-1)!.y).toBeGreaterThan(60);
  });

  it('goes round a table already there', () => {
    expect(freePlacement(square, [{ ...table, x: 100, y: 60 }], DEFAULT_PLAN)).toEqual({ x: 260, y: 60 });
  });

  it('falls back to the middle of a full plan', () => {
    const tiny = { width: 100, height: 100 };
    expect(freePlacement(square, [{ ...square, x: 50, y: 50 }], tiny)).toEqual({ x: 50, y: 50 });
  });
});
