/**
 * A room's floor plan (decision 059): tables are drawn in plan units on a canvas of the room's plan size,
 * and every screen scales the plan to fit, so a position means the same on a phone and a wall screen.
 * A table's `x`, `y` are its centre; it turns clockwise about it by `rotation` degrees.
 */

export const TABLE_SHAPES = ['round', 'square', 'rect'] as const;
export type TableShape = (typeof TABLE_SHAPES)[number];

export function isTableShape(value: string): value is TableShape {
  return (TABLE_SHAPES as readonly string[]).includes(value);
}

export interface PlanSize {
  readonly width: number;
  readonly height: number;
}

export interface TablePlacement {
  readonly shape: TableShape;
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
  readonly rotation: number;
}

/** A new room's plan: 10 by 6 metres at one unit a centimetre, wider than deep like most dining rooms. */
export const DEFAULT_PLAN: PlanSize = { width: 1000, height: 600 };

/** The size a table of each shape starts with: round and square seat four, a rectangle six. */
export const DEFAULT_TABLE_SIZE: Record<TableShape, { width: number; height: number }> = {
  round: { width: 80, height: 80 },
  square: { width: 80, height: 80 },
  rect: { width: 140, height: 80 },
};

/** Arrow keys move a table this far; with Shift, five times as far. */
export const KEY_STEP = 10;
export const FAST_KEY_STEP = 50;
/** R turns a table by this much (Shift+R the other way): a quarter turn is six presses. */
export const ROTATE_STEP = 15;

/** Degrees into [0, 360). */
export function normaliseRotation(degrees: number): number {
  return ((Math.round(degrees) % 360) + 360) % 360;
}

/** Half the width and height of the box the table covers once turned (a round table does not grow). */
export function halfExtents(table: Omit<TablePlacement, 'x' | 'y'>): {
  halfWidth: number;
  halfHeight: number;
} {
  if (table.shape === 'round' && table.width === table.height) {
    return { halfWidth: table.width / 2, halfHeight: table.height / 2 };
  }
  const radians = (normaliseRotation(table.rotation) * Math.PI) / 180;
  const cos = Math.abs(Math.cos(radians));
  const sin = Math.abs(Math.sin(radians));
  // Rounded to a millionth: cos 90° is 6e-17, not 0, and must not push a table off by a whole unit.
  const tidy = (value: number) => Math.round(value * 1e6) / 1e6;
  return {
    halfWidth: tidy((table.width * cos + table.height * sin) / 2),
    halfHeight: tidy((table.width * sin + table.height * cos) / 2),
  };
}

function clamp(value: number, low: number, high: number): number {
  // A table wider than the plan sits in its middle rather than jumping between the two edges.
  if (low > high) return (low + high) / 2;
  return Math.min(high, Math.max(low, value));
}

/** The placement moved (never resized) so the whole table lies on the plan, in whole units. */
export function keepOnPlan<T extends TablePlacement>(table: T, plan: PlanSize): T {
  const { halfWidth, halfHeight } = halfExtents(table);
  return {
    ...table,
    x: Math.round(clamp(table.x, Math.ceil(halfWidth), Math.floor(plan.width - halfWidth))),
    y: Math.round(clamp(table.y, Math.ceil(halfHeight), Math.floor(plan.height - halfHeight))),
    rotation: normaliseRotation(table.rotation),
  };
}

export type PlanKeyAction =
  | { readonly kind: 'move'; readonly dx: number; readonly dy: number }
  | { readonly kind: 'rotate'; readonly degrees: number };

/** What a key pressed on a selected table does, or null when the key is not the plan's. */
export function planKeyAction(key: string, shiftKey: boolean): PlanKeyAction | null {
  const step = shiftKey ? FAST_KEY_STEP : KEY_STEP;
  switch (key) {
    case 'ArrowLeft':
      return { kind: 'move', dx: -step, dy: 0 };
    case 'ArrowRight':
      return { kind: 'move', dx: step, dy: 0 };
    case 'ArrowUp':
      return { kind: 'move', dx: 0, dy: -step };
    case 'ArrowDown':
      return { kind: 'move', dx: 0, dy: step };
    case 'r':
    case 'R':
      return { kind: 'rotate', degrees: shiftKey ? -ROTATE_STEP : ROTATE_STEP };
    default:
      return null;
  }
}

/** The placement after a key action, kept on the plan. */
export function applyPlanKey<T extends TablePlacement>(table: T, action: PlanKeyAction, plan: PlanSize): T {
  if (action.kind === 'move')
    return keepOnPlan({ ...table, x: table.x + action.dx, y: table.y + action.dy }, plan);
  return keepOnPlan({ ...table, rotation: table.rotation + action.degrees }, plan);
}

/**
 * Where `count` tables start when a room is first laid out: an even grid over the plan in their current
 * order, so the plan begins as the grid staff already know and nothing overlaps.
 */
export function gridPlacements(count: number, plan: PlanSize): { x: number; y: number }[] {
  if (count <= 0) return [];
  const columns = Math.max(1, Math.ceil(Math.sqrt((count * plan.width) / plan.height)));
  const rows = Math.ceil(count / columns);
  const cellWidth = plan.width / columns;
  const cellHeight = plan.height / rows;
  return Array.from({ length: count }, (_, index) => ({
    x: Math.round(cellWidth * ((index % columns) + 0.5)),
    y: Math.round(cellHeight * (Math.floor(index / columns) + 0.5)),
  }));
}

/** Space kept between a new table and its neighbours, in plan units. */
const NEW_TABLE_GAP = 20;

function overlaps(a: TablePlacement, b: TablePlacement): boolean {
  const one = halfExtents(a);
  const other = halfExtents(b);
  return (
    Math.abs(a.x - b.x) < one.halfWidth + other.halfWidth + NEW_TABLE_GAP &&
    Math.abs(a.y - b.y) < one.halfHeight + other.halfHeight + NEW_TABLE_GAP
  );
}

/**
 * Where a table added without a place goes: the first spot, reading the plan row by row from its top
 * left, where it touches no table already there, so "Añadir mesa" four times gives four tables a waiter
 * can tell apart and tap. A full plan puts it in the middle.
 */
export function freePlacement(
  table: Omit<TablePlacement, 'x' | 'y'>,
  occupied: readonly TablePlacement[],
  plan: PlanSize,
): { x: number; y: number } {
  const { halfWidth, halfHeight } = halfExtents(table);
  const stepX = Math.ceil(halfWidth * 2 + NEW_TABLE_GAP);
  const stepY = Math.ceil(halfHeight * 2 + NEW_TABLE_GAP);
  for (let y = Math.ceil(halfHeight + NEW_TABLE_GAP); y + halfHeight <= plan.height; y += stepY) {
    for (let x = Math.ceil(halfWidth + NEW_TABLE_GAP); x + halfWidth <= plan.width; x += stepX) {
      const candidate = { ...table, x, y };
      if (!occupied.some((other) => overlaps(candidate, other))) return { x, y };
    }
  }
  return { x: Math.round(plan.width / 2), y: Math.round(plan.height / 2) };
}

/**
 * The same table drawn with its text as upright as possible: a rectangle turned by θ is the rectangle with
 * width and height swapped turned by θ − 90°, so a screen never tilts a table's words more than 45°.
 */
export function uprightBox(
  width: number,
  height: number,
  rotation: number,
): { width: number; height: number; rotation: number } {
  const turned = normaliseRotation(rotation);
  const quarters = Math.round(turned / 90);
  const rest = turned - quarters * 90;
  return quarters % 2 === 1
    ? { width: height, height: width, rotation: rest }
    : { width, height, rotation: rest };
}

/** The box a table occupies on its plan, as fractions of the plan's width and height (for CSS percentages). */
export function planBox(
  table: Pick<TablePlacement, 'x' | 'y' | 'width' | 'height' | 'rotation'>,
  plan: PlanSize,
): { left: number; top: number; width: number; height: number; rotation: number } {
  const upright = uprightBox(table.width, table.height, table.rotation);
  return {
    left: (table.x - upright.width / 2) / plan.width,
    top: (table.y - upright.height / 2) / plan.height,
    width: upright.width / plan.width,
    height: upright.height / plan.height,
    rotation: upright.rotation,
  };
}
