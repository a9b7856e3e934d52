import type { GuestOrderLine } from '@sobremesa/contracts';

/** A dish of the table with the course dishes of a menú del día under it. */
export interface TableOrderEntry {
  readonly line: GuestOrderLine;
  readonly courses: readonly GuestOrderLine[];
}

/** The table's dishes as the guest reads them: each menú del día with its courses under it. */
export function tableOrderEntries(lines: readonly GuestOrderLine[]): TableOrderEntry[] {
  const courses = new Map<number, GuestOrderLine[]>();
  for (const line of lines)
    if (line.parentId !== null) courses.set(line.parentId, [...(courses.get(line.parentId) ?? []), line]);
  return lines
    .filter(
      (line) => line.parentId === null || !lines.some((other) => other.productOrderId === line.parentId),
    )
    .map((line) => ({ line, courses: courses.get(line.productOrderId) ?? [] }));
}

/**
 * The dishes whose state changed between two readings of the table's order, to tell the guest (a new
 * dish is not a change: the guest who sent it was told already). Nothing on the first reading.
 */
export function changedLines(
  before: readonly GuestOrderLine[] | undefined,
  after: readonly GuestOrderLine[],
): GuestOrderLine[] {
  if (!before) return [];
  const previous = new Map(before.map((line) => [line.productOrderId, line.state]));
  return after.filter((line) => {
    const was = previous.get(line.productOrderId);
    return was !== undefined && was !== line.state;
  });
}
