import type { Transaction } from '../../db/database.ts';
import {
  copilotRoles,
  copilotRoleStations,
  elaborationStations,
  elaborationTypes,
} from '../../db/schema/index.ts';
import { DEMO_PASSWORD } from '../../lib/common-passwords.ts';
import { createStaffAccount } from '../users/users.service.ts';
import { type StationKey } from './demo-menu.ts';
import { DEMO_ACCOUNTS, DEMO_ELABORATION, DEMO_ROLES } from './demo-venue.ts';
import { insertRows } from './demo.repository.ts';
import { lookup } from './demo-seed-lookup.ts';

/** Elaboration types and their stations; returns station ids by key. */
export async function seedKitchen(tx: Transaction, venueId: number): Promise<Map<StationKey, number>> {
  const stationIds = new Map<StationKey, number>();
  for (const [typeIndex, elaboration] of DEMO_ELABORATION.entries()) {
    const [type] = await insertRows(tx, elaborationTypes, [
      { venueId, name: elaboration.type, sortOrder: typeIndex },
    ]);
    const stations = await insertRows(
      tx,
      elaborationStations,
      elaboration.stations.map((station, index) => ({
        venueId,
        elaborationTypeId: type!.id,
        name: station.name,
        sortOrder: typeIndex * 10 + index,
      })),
    );
    elaboration.stations.forEach((station, index) => stationIds.set(station.key, stations[index]!.id));
  }
  return stationIds;
}

/** The six copilot roles and one account per role, plus the admin. */
export async function seedStaff(tx: Transaction, venueId: number, stationIds: Map<StationKey, number>) {
  const roles = await insertRows(
    tx,
    copilotRoles,
    DEMO_ROLES.map((role, index) => ({
      venueId,
      name: role.name,
      view: role.view,
      notificationTypes: [...role.notificationTypes],
      sortOrder: index,
    })),
  );
  const roleIds = new Map(roles.map((role) => [role.name, role.id]));
  await insertRows(
    tx,
    copilotRoleStations,
    DEMO_ROLES.flatMap((role) =>
      role.stations.map((station) => ({
        venueId,
        copilotRoleId: lookup(roleIds, role.name),
        elaborationStationId: lookup(stationIds, station),
      })),
    ),
  );

  const accounts: { email: string; role: string }[] = [];
  for (const account of DEMO_ACCOUNTS) {
    const isAdmin = account.role === 'admin';
    const roleIdsOfAccount = isAdmin ? roles.map((role) => role.id) : [lookup(roleIds, account.role)];
    await createStaffAccount(tx, {
      venueId,
      email: account.email,
      name: account.name,
      password: DEMO_PASSWORD,
      demoSeed: true,
      isAdmin,
      roleIds: roleIdsOfAccount,
      activeRoleId: isAdmin ? lookup(roleIds, 'Sala') : roleIdsOfAccount[0],
    });
    accounts.push({ email: account.email, role: isAdmin ? 'admin (every role)' : account.role });
  }
  return accounts;
}
