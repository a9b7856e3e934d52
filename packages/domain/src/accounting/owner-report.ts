import { SERVICE_DAY_START_HOUR } from '../service-day.ts';
import { average, sumDays, type SalesDay } from './reports.ts';

/**
 * The owner's reports (issue 24 item 6, decision 045): one service day's figures as the server computes and
 * keeps them, and how a range of days adds up. Every figure is a sum or a count, so a range is the sum of
 * its days; kitchen times are kept as a histogram of whole minutes so that medians add up too.
 */

export interface AmountRow {
  readonly key: string;
  readonly cents: number;
  readonly count: number;
}

export interface VatRow {
  readonly vatRateBp: number;
  readonly baseCents: number;
  readonly vatCents: number;
  readonly totalCents: number;
}

export interface StaffRow {
  readonly name: string;
  readonly cents: number;
  readonly count: number;
  readonly tipsCents: number;
}

export interface ServiceFigures {
  /** Dine-in reservations of the day, holds left out. */
  readonly bookings: number;
  readonly noShows: number;
  readonly cancellations: number;
  /** Minutes from seated to finished, summed over the tables that have both. */
  readonly turnMinutes: number;
  readonly turns: number;
}

/** Lines of a station ready after `minutes` whole minutes from being ordered (or fired, when held). */
export interface KitchenBucket {
  readonly station: string;
  readonly minutes: number;
  readonly count: number;
}

export interface DayFacts {
  readonly sales: SalesDay;
  /** Sales by the local hour of issue ("13" for 13:00-13:59): cents and tickets. */
  readonly hours: readonly AmountRow[];
  /** Payments by method: cents and payments. */
  readonly methods: readonly AmountRow[];
  /**
   * Invoiced lines at their price, corrections' negative lines among them: by product (the delivery fee
   * left out, it is no dish) and by the product's first category (the fee under its own name), so the
   * categories less the day's discounts are its sales.
   */
  readonly products: readonly AmountRow[];
  readonly categories: readonly AmountRow[];
  readonly vat: readonly VatRow[];
  /** Payments by the staff member who took them, with the tips taken with them. */
  readonly staff: readonly StaffRow[];
  readonly service: ServiceFigures;
  readonly kitchen: readonly KitchenBucket[];
}

export interface StationTimes {
  readonly station: string;
  readonly lines: number;
  readonly medianMinutes: number;
  readonly p90Minutes: number;
}

export interface RangeFigures {
  readonly days: readonly SalesDay[];
  readonly totals: Omit<SalesDay, 'date'>;
  /** Sales per ticket, rounded half up; 0 without tickets. */
  readonly averageTicketCents: number;
  readonly hours: readonly AmountRow[];
  readonly methods: readonly AmountRow[];
  readonly products: readonly AmountRow[];
  readonly categories: readonly AmountRow[];
  readonly vat: readonly VatRow[];
  readonly staff: readonly StaffRow[];
  readonly service: ServiceFigures & { readonly averageTurnMinutes: number };
  readonly kitchen: readonly StationTimes[];
}

export const NO_SERVICE: ServiceFigures = {
  bookings: 0,
  noShows: 0,
  cancellations: 0,
  turnMinutes: 0,
  turns: 0,
};

/** The names of a row's numeric fields. */
type NumberField<Row> = { [K in keyof Row]: Row[K] extends number ? K : never }[keyof Row];

/**
 * Rows of the same `key` added up as one: the key and the sums of `fields`. A key seen once keeps its row.
 * Rows keep the order their key was first seen in.
 */
function addUp<Row extends object, Key extends keyof Row>(
  rows: Iterable<Row>,
  key: Key,
  fields: readonly NumberField<Row>[],
): Row[] {
  const by = new Map<Row[Key], Row>();
  for (const row of rows) {
    const current = by.get(row[key]);
    by.set(
      row[key],
      current
        ? ({
            [key]: row[key],
            ...Object.fromEntries(
              fields.map((field) => [field, (current[field] as number) + (row[field] as number)]),
            ),
          } as Row)
        : row,
    );
  }
  return [...by.values()];
}

const addRows = (rows: Iterable<AmountRow>) => addUp(rows, 'key', ['cents', 'count']);
const addVat = (rows: Iterable<VatRow>) => addUp(rows, 'vatRateBp', ['baseCents', 'vatCents', 'totalCents']);
const addStaff = (rows: Iterable<StaffRow>) => addUp(rows, 'name', ['cents', 'count', 'tipsCents']);

/** Largest first; ties by name, so the same figures always list the same way. */
const byCents = (a: AmountRow, b: AmountRow) =>
  b.cents - a.cents || b.count - a.count || a.key.localeCompare(b.key);
const staffByCents = (a: StaffRow, b: StaffRow) =>
  b.cents - a.cents || b.count - a.count || a.name.localeCompare(b.name);

/** The value under which `share` of the histogram's lines fall (nearest rank), in minutes. */
export function percentileMinutes(buckets: readonly KitchenBucket[], share: number): number {
  const sorted = [...buckets].sort((a, b) => a.minutes - b.minutes);
  const total = sorted.reduce((sum, bucket) => sum + bucket.count, 0);
  if (total === 0) return 0;
  const rank = Math.max(1, Math.ceil(share * total));
  let seen = 0;
  for (const bucket of sorted) {
    seen += bucket.count;
    if (seen >= rank) return bucket.minutes;
  }
  return sorted[sorted.length - 1]!.minutes;
}

/** A range's figures from its days' facts. */
export function sumFacts(facts: readonly DayFacts[]): RangeFigures {
  const days = facts.map((day) => day.sales).sort((a, b) => a.date.localeCompare(b.date));
  const totals = sumDays(days);
  // In the service day's order: 06:00 first, the small hours after 23:00.
  const serviceHour = (row: AmountRow) => (Number(row.key) + 24 - SERVICE_DAY_START_HOUR) % 24;
  const hours = addRows(facts.flatMap((day) => day.hours)).sort((a, b) => serviceHour(a) - serviceHour(b));
  const service = facts.reduce<ServiceFigures>(
    (sum, day) => ({
      bookings: sum.bookings + day.service.bookings,
      noShows: sum.noShows + day.service.noShows,
      cancellations: sum.cancellations + day.service.cancellations,
      turnMinutes: sum.turnMinutes + day.service.turnMinutes,
      turns: sum.turns + day.service.turns,
    }),
    NO_SERVICE,
  );
  const stations = new Map<string, KitchenBucket[]>();
  for (const day of facts)
    for (const bucket of day.kitchen) {
      const buckets = stations.get(bucket.station);
      if (buckets) buckets.push(bucket);
      else stations.set(bucket.station, [bucket]);
    }
  return {
    days,
    totals,
    averageTicketCents: average(totals.salesCents, totals.tickets),
    hours,
    methods: addRows(facts.flatMap((day) => day.methods)).sort(byCents),
    products: addRows(facts.flatMap((day) => day.products)).sort(byCents),
    categories: addRows(facts.flatMap((day) => day.categories)).sort(byCents),
    vat: addVat(facts.flatMap((day) => day.vat)).sort((a, b) => a.vatRateBp - b.vatRateBp),
    staff: addStaff(facts.flatMap((day) => day.staff)).sort(staffByCents),
    service: { ...service, averageTurnMinutes: average(service.turnMinutes, service.turns) },
    kitchen: [...stations.entries()]
      .map(([station, buckets]) => ({
        station,
        lines: buckets.reduce((sum, bucket) => sum + bucket.count, 0),
        medianMinutes: percentileMinutes(buckets, 0.5),
        p90Minutes: percentileMinutes(buckets, 0.9),
      }))
      .sort((a, b) => a.station.localeCompare(b.station)),
  };
}
