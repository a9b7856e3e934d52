import type { LeanRead } from '../../db/lean.ts';

interface Named {
  readonly id: number;
  readonly name: string;
}

/** What printed tickets name besides the dishes: the stations, the courses and who sent them. */
export interface TicketFacts {
  /** In the stations' order. */
  readonly stations: Named[];
  /** In course order; none unless asked for. */
  readonly courses: Named[];
  /** The sender's name; null when none was given or they are not one of the venue's staff. */
  readonly sender: string | null;
}

const TICKET_FACTS_SQL = `
select
  coalesce((select jsonb_agg(jsonb_build_object('id', s.id, 'name', s.name) order by s.sort_order, s.id)
    from elaboration_stations s where s.venue_id = $1), '[]') as stations,
  coalesce((select jsonb_agg(jsonb_build_object('id', d.id, 'name', d.name) order by d.sort_order, d.id)
    from dish_classes d where d.venue_id = $1), '[]') as courses,
  (select u.name from users u where u.venue_id = $1 and u.id = $2::int) as sender`;

/**
 * The venue's stations, its courses when `withCourses`, and a staff member's name: one prepared read.
 * The courses are read either way (a venue has a handful): a boolean switch in the SQL would plan cheaper
 * per call when false and keep PostgreSQL re-planning the statement on every order.
 */
export function ticketFactsRead(
  venueId: number,
  withCourses: boolean,
  senderUserId: number | null,
): LeanRead<TicketFacts> {
  return {
    name: 'kitchen_ticket_facts',
    text: TICKET_FACTS_SQL,
    values: [venueId, senderUserId],
    decode: (row) => ({
      stations: (row.stations ?? []) as Named[],
      courses: withCourses ? ((row.courses ?? []) as Named[]) : [],
      sender: (row.sender ?? null) as string | null,
    }),
  };
}
