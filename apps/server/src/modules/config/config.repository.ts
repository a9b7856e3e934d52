import { and, asc, eq, inArray } from 'drizzle-orm';
import type { VenueSettings } from '@sobremesa/contracts';
import type { Executor, Transaction } from '../../db/database.ts';
import { leanQuery } from '../../db/lean.ts';
import { inVenueOrder, namesInVenueOrder } from '../../db/venue-rows.ts';
import { firstRow } from '../../db/rows.ts';
import {
  allergens,
  cashDrawers,
  diningTables,
  elaborationTypes,
  menus,
  rooms,
  serviceSchedules,
  translations,
  venues,
} from '../../db/schema/index.ts';

export const listElaborationTypes = (db: Executor, venueId: number) =>
  namesInVenueOrder(db, elaborationTypes, venueId);

export const listCashDrawers = (db: Executor, venueId: number) => namesInVenueOrder(db, cashDrawers, venueId);

export const listMenus = (db: Executor, venueId: number) => inVenueOrder(db, menus, venueId);

export function listAllergens(db: Executor) {
  return db.select().from(allergens).orderBy(asc(allergens.sortOrder), asc(allergens.id));
}

/** Translations of the given keys in the given locales. */
export function findTranslations(
  db: Executor,
  venueId: number,
  keys: readonly string[],
  locales: readonly string[],
) {
  return db
    .select({ key: translations.key, locale: translations.locale, value: translations.value })
    .from(translations)
    .where(
      and(
        eq(translations.venueId, venueId),
        inArray(translations.key, [...keys]),
        inArray(translations.locale, [...locales]),
      ),
    );
}

export const listRooms = (db: Executor, venueId: number) => inVenueOrder(db, rooms, venueId);

export const listDiningTables = (db: Executor, venueId: number) => inVenueOrder(db, diningTables, venueId);

export function listServiceSchedules(db: Executor, venueId: number) {
  return db
    .select()
    .from(serviceSchedules)
    .where(eq(serviceSchedules.venueId, venueId))
    .orderBy(asc(serviceSchedules.sortOrder), asc(serviceSchedules.startsAt), asc(serviceSchedules.weekday));
}

/** The venue's stored settings document (as written, without defaults), locked until the transaction ends. */
export async function lockVenueSettings(
  tx: Transaction,
  venueId: number,
): Promise<Partial<VenueSettings> | undefined> {
  const [row] = await tx
    .select({ settings: venues.settings })
    .from(venues)
    .where(eq(venues.id, venueId))
    .for('update');
  return row?.settings;
}

const ACCOUNTING_CONFIG_SQL = `
select
  coalesce((select jsonb_agg(jsonb_build_object('id', d.id, 'name', d.name) order by d.sort_order, d.id)
    from cash_drawers d where d.venue_id = $1), '[]') as drawers,
  coalesce((select jsonb_agg(jsonb_build_object('cashDrawerId', s.cash_drawer_id,
      'cashDenominationId', s.cash_denomination_id, 'value', c.value_cents, 'quantity', s.quantity)
      order by c.value_cents)
    from cash_drawer_slots s join cash_denominations c on c.id = s.cash_denomination_id
    where s.venue_id = $1), '[]') as slots,
  coalesce((select jsonb_agg(jsonb_build_object('id', r.id, 'name', r.name, 'provider', r.provider) order by r.id)
    from card_readers r where r.venue_id = $1), '[]') as readers,
  coalesce((select jsonb_agg(jsonb_build_object('id', p.id, 'name', p.name, 'type', p.type) order by p.id)
    from venue_providers p where p.venue_id = $1), '[]') as providers`;

/** What accounting-config shows, in one prepared statement (decision 054): the four lists above at once. */
export async function accountingConfigRows(db: Executor, venueId: number) {
  const rows = await leanQuery<{
    drawers: { id: number; name: string }[];
    slots: { cashDrawerId: number; cashDenominationId: number; value: number; quantity: number }[];
    readers: { id: number; name: string; provider: string }[];
    providers: { id: number; name: string; type: string }[];
  }>(db, 'accounting_config', ACCOUNTING_CONFIG_SQL, [venueId]);
  return firstRow(rows, 'accounting config query');
}
