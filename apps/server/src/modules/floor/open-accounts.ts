import { isOpenAccount, type IsoDate } from '@sobremesa/domain';
import type { Executor } from '../../db/database.ts';
import { reservationsOfServiceDay } from '../reservations/reservations.service.ts';
import type { Venue } from '../venues/venues.service.ts';

/** The reservations of a service day whose account is open (a table in use, whatever its booking says). */
export async function openAccountIds(db: Executor, venue: Venue, date: IsoDate): Promise<Set<number>> {
  const rows = await reservationsOfServiceDay(db, venue, date);
  return new Set(rows.filter(isOpenAccount).map((row) => row.id));
}
