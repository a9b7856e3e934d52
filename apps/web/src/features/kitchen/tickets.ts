import type { KitchenOperation } from '@sobremesa/domain';

/**
 * What the kitchen screens draw, independent of the wire: one order line as a station sees it, and the
 * tickets they are grouped into (one per table, or one per line when "ungrouped" is on).
 */
export interface KitchenLine {
  readonly id: number;
  readonly reservationId: number;
  /** The order (cart session order) it came in; identical lines of one order are drawn as one. */
  readonly orderId: number | null;
  /** The table's name, or null for an account without a table (takeaway). */
  readonly table: string | null;
  readonly partyName: string;
  /** When the line was ordered (`yyyy-MM-dd HH:mm:ss`, venue time). */
  readonly orderedAt: string;
  readonly status: number;
  readonly name: string;
  readonly units: number;
  readonly isDrink: boolean;
  readonly choices: readonly string[];
  readonly comments: string | null;
  /** Not on any followed station (spec §6 ghost order). */
  readonly isGhost: boolean;
  /** Its course was not fired yet: shown, not to be cooked. */
  readonly held: boolean;
  /** The course's name, and its dish class id (to fire it). */
  readonly course: string | null;
  readonly dishClassId: number | null;
  readonly clientMessage: string | null;
  /** What the selected role may do with the line now (the domain's `allowedLineOperations`). */
  readonly actions: readonly KitchenOperation[];
  /** The table's declared allergens (by name) and dietary notes, on every ticket of the table. */
  readonly tableAllergies: TicketAllergies;
  /** The table's allergens this dish contains or may carry traces of (issue 18). */
  readonly allergenClash: readonly string[];
  /** The takeaway or delivery order the line is for; null at a table. */
  readonly takeaway: TicketTakeaway | null;
}

/** A takeaway order's mark on its tickets (decision 041). */
export interface TicketTakeaway {
  readonly mode: 'pickup' | 'delivery';
  readonly number: number;
  /** Pickup (or delivery) instant with the venue's offset. */
  readonly pickupAt: string;
  /** When the kitchen starts it: until then it waits as scheduled. */
  readonly firesAt: string;
}

export interface TicketAllergies {
  readonly allergens: readonly string[];
  readonly notes: readonly string[];
  /** What the guest wrote on the booking: shown under its own label, beside the allergies, not as one. */
  readonly bookingComment: string | null;
}

/** A table's account as the kitchen overlays and the bar's accounts list show it. */
export interface KitchenAccount {
  readonly reservationId: number;
  readonly table: string | null;
  readonly partyName: string;
  readonly pax: number;
  /** Every line served, between ready and retired, or void (spec §4 "cart finished"). */
  readonly finished: boolean;
  readonly lines: readonly KitchenLine[];
}

export interface Ticket {
  /** Stable across refetches: the reservation, or the line when ungrouped. */
  readonly key: string;
  readonly reservationId: number;
  readonly table: string | null;
  readonly partyName: string;
  /** Its oldest line to cook's order time: how long the table has been waiting. */
  readonly since: string;
  /** Every line waits for its course to be fired: nothing to cook yet, so it does not age. */
  readonly allHeld: boolean;
  readonly newest: string;
  readonly lines: readonly KitchenLine[];
  readonly clientMessages: readonly string[];
  readonly allergies: TicketAllergies;
  readonly takeaway: TicketTakeaway | null;
}

/**
 * Tickets in the order the cook works them: the one waiting longest first (or newest first when the option
 * says so); lines inside a ticket keep their order time, held courses last.
 */
export function groupTickets(
  lines: readonly KitchenLine[],
  options: { readonly ungrouped: boolean; readonly newestFirst: boolean },
): Ticket[] {
  const groups = new Map<string, KitchenLine[]>();
  for (const line of lines) {
    const key = options.ungrouped ? `line-${line.id}` : `table-${line.reservationId}`;
    const group = groups.get(key) ?? [];
    group.push(line);
    groups.set(key, group);
  }
  const tickets = [...groups].map(([key, group]): Ticket => {
    const sorted = [...group].sort(
      (a, b) => Number(a.held) - Number(b.held) || compareText(a.orderedAt, b.orderedAt) || a.id - b.id,
    );
    const live = group.filter((line) => !line.held);
    const times = (live.length > 0 ? live : group).map((line) => line.orderedAt).sort(compareText);
    const first = sorted[0]!;
    return {
      key,
      reservationId: first.reservationId,
      table: first.table,
      partyName: first.partyName,
      since: times[0]!,
      allHeld: live.length === 0,
      newest: times[times.length - 1]!,
      lines: sorted,
      clientMessages: [...new Set(group.flatMap((line) => (line.clientMessage ? [line.clientMessage] : [])))],
      allergies: first.tableAllergies,
      takeaway: first.takeaway,
    };
  });
  return tickets.sort((a, b) =>
    options.newestFirst
      ? compareText(b.newest, a.newest) || b.key.localeCompare(a.key)
      : compareText(a.since, b.since) || a.key.localeCompare(b.key),
  );
}

/** Lines drawn as one: the first line's fields, the units of all, and every line an action applies to. */
export interface MergedLine extends KitchenLine {
  readonly lines: readonly KitchenLine[];
}

/**
 * Identical lines of one order drawn as one ("5x Patatas bravas", issue 18): same dish, choices, notes,
 * course, state and allowed actions. Lines of different orders stay apart (each has its own time), and
 * so does a line the cook has already moved on.
 */
export function mergeIdenticalLines(lines: readonly KitchenLine[]): MergedLine[] {
  const merged = new Map<string, MergedLine>();
  for (const line of lines) {
    const key = JSON.stringify([
      line.orderId ?? `line-${line.id}`,
      line.name,
      line.choices,
      line.comments,
      line.status,
      line.held,
      line.isGhost,
      line.dishClassId,
      line.actions,
    ]);
    const found = merged.get(key);
    merged.set(
      key,
      found
        ? { ...found, units: found.units + line.units, lines: [...found.lines, line] }
        : { ...line, lines: [line] },
    );
  }
  return [...merged.values()];
}

function compareText(a: string, b: string): number {
  if (a === b) return 0;
  return a < b ? -1 : 1;
}

/** Line ids in `current` that were not in `previous`; none on the first read (nothing is "new" on opening). */
export function arrivals(previous: ReadonlySet<number> | null, current: readonly KitchenLine[]): number[] {
  if (previous === null) return [];
  return current.filter((line) => !previous.has(line.id)).map((line) => line.id);
}
