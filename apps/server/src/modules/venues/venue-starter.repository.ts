import type { Locale } from '@sobremesa/domain';
import type { Transaction } from '../../db/database.ts';
import {
  cashDenominations,
  cashDrawerSlots,
  cashDrawers,
  copilotRoleStations,
  copilotRoles,
  dishClasses,
  elaborationStations,
  elaborationTypes,
  invoiceSeries,
  translations,
} from '../../db/schema/index.ts';

/** One elaboration type per station, named alike; returns the station ids in order. */
export async function insertStations(
  tx: Transaction,
  venueId: number,
  stations: readonly { name: string }[],
): Promise<number[]> {
  const ids: number[] = [];
  for (const [index, station] of stations.entries()) {
    const [type] = await tx
      .insert(elaborationTypes)
      .values({ venueId, name: station.name, sortOrder: index })
      .returning({ id: elaborationTypes.id });
    const [row] = await tx
      .insert(elaborationStations)
      .values({ venueId, elaborationTypeId: type!.id, name: station.name, sortOrder: index })
      .returning({ id: elaborationStations.id });
    ids.push(row!.id);
  }
  return ids;
}

/** The roles with the stations each follows; returns their ids in order. */
export async function insertRoles(
  tx: Transaction,
  venueId: number,
  roles: readonly { name: string; view: string; notificationTypes: string[]; stationIds: number[] }[],
): Promise<number[]> {
  const rows = await tx
    .insert(copilotRoles)
    .values(
      roles.map((role, index) => ({
        venueId,
        name: role.name,
        view: role.view,
        notificationTypes: role.notificationTypes,
        sortOrder: index,
      })),
    )
    .returning({ id: copilotRoles.id });
  const follows = roles.flatMap((role, index) =>
    role.stationIds.map((elaborationStationId) => ({
      venueId,
      copilotRoleId: rows[index]!.id,
      elaborationStationId,
    })),
  );
  if (follows.length > 0) await tx.insert(copilotRoleStations).values(follows);
  return rows.map((row) => row.id);
}

/** Dish classes in course order, each named in the nine languages. */
export async function insertDishClasses(
  tx: Transaction,
  venueId: number,
  names: readonly Record<Locale, string>[],
): Promise<void> {
  const rows = await tx
    .insert(dishClasses)
    .values(names.map((name, index) => ({ venueId, name: name.es, sortOrder: index })))
    .returning({ id: dishClasses.id });
  await tx.insert(translations).values(
    names.flatMap((name, index) =>
      Object.entries(name).map(([locale, value]) => ({
        venueId,
        key: `dishClass.${rows[index]!.id}.name`,
        locale,
        value,
      })),
    ),
  );
}

export async function insertInvoiceSeries(
  tx: Transaction,
  venueId: number,
  series: readonly { series: string; kind: 'simplified' | 'complete' | 'corrective' }[],
): Promise<void> {
  await tx.insert(invoiceSeries).values(series.map((row) => ({ venueId, ...row })));
}

/** A drawer holding every euro coin and note, none counted yet (the first till opening counts them). */
export async function insertCashDrawerWithEveryDenomination(
  tx: Transaction,
  venueId: number,
  name: string,
): Promise<void> {
  const [drawer] = await tx.insert(cashDrawers).values({ venueId, name }).returning({ id: cashDrawers.id });
  const denominations = await tx.select({ id: cashDenominations.id }).from(cashDenominations);
  await tx.insert(cashDrawerSlots).values(
    denominations.map((denomination) => ({
      venueId,
      cashDrawerId: drawer!.id,
      cashDenominationId: denomination.id,
      quantity: 0,
    })),
  );
}
