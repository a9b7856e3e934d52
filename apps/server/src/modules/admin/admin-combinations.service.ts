// The floor plan editor's table combinations for larger parties (decision 059).
import type { AdminFloorCombination, FloorCombinationInput } from '@sobremesa/contracts';
import type { AppContext } from '../../context.ts';
import type { Transaction } from '../../db/database.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import type { StaffPrincipal } from '../users/users.service.ts';
import type { Venue } from '../venues/venues.service.ts';
import {
  activeTablesAmong,
  deleteCombinations,
  insertCombination,
  listCombinations,
  lockCombination,
  writeCombination,
} from './admin-floor.repository.ts';
import { audited, floorWrite } from './admin-floor-plan.service.ts';

async function checkCombinationTables(tx: Transaction, venueId: number, tableIds: readonly number[]) {
  const rows = await activeTablesAmong(tx, venueId, tableIds);
  if (rows.length !== tableIds.length) throw notFound();
  if (new Set(rows.map((row) => row.roomId)).size > 1) {
    throw new AppError(400, 'VALIDATION_FAILED', 'admin_floor_combination_rooms', {
      fields: [{ path: 'tableIds', message: 'One room' }],
    });
  }
}

/** The combination locked for a change (404 when gone), as it was before it. */
async function lockedCombination(tx: Transaction, venueId: number, combinationId: number) {
  if (!(await lockCombination(tx, venueId, combinationId))) throw notFound();
  return (await listCombinations(tx, venueId)).find((row) => row.id === combinationId);
}

function toCombination(id: number, input: FloorCombinationInput): AdminFloorCombination {
  return {
    id,
    name: input.name,
    minPax: input.minPax,
    maxPax: input.maxPax,
    tableIds: [...input.tableIds].sort((a, b) => a - b),
  };
}

/** Tables the venue joins for larger parties, with the party sizes they seat once joined. */
export async function createCombination(
  ctx: AppContext,
  venue: Venue,
  staff: StaffPrincipal,
  input: FloorCombinationInput,
): Promise<AdminFloorCombination> {
  return floorWrite(ctx, venue, staff, async (tx) => {
    await checkCombinationTables(tx, venue.id, input.tableIds);
    const id = await insertCombination(tx, {
      venueId: venue.id,
      name: input.name,
      minPax: input.minPax,
      maxPax: input.maxPax,
    });
    await writeCombination(tx, venue.id, id, input);
    const combination = toCombination(id, input);
    return audited(combination, 'table_combination.create', id, null, combination);
  });
}

export async function updateCombination(
  ctx: AppContext,
  venue: Venue,
  staff: StaffPrincipal,
  combinationId: number,
  input: FloorCombinationInput,
): Promise<AdminFloorCombination> {
  return floorWrite(ctx, venue, staff, async (tx) => {
    const before = await lockedCombination(tx, venue.id, combinationId);
    await checkCombinationTables(tx, venue.id, input.tableIds);
    await writeCombination(tx, venue.id, combinationId, input);
    const combination = toCombination(combinationId, input);
    return audited(combination, 'table_combination.update', combinationId, before, combination);
  });
}

export async function removeCombination(
  ctx: AppContext,
  venue: Venue,
  staff: StaffPrincipal,
  combinationId: number,
): Promise<void> {
  await floorWrite(ctx, venue, staff, async (tx) => {
    const before = await lockedCombination(tx, venue.id, combinationId);
    await deleteCombinations(tx, venue.id, [combinationId]);
    return audited(undefined, 'table_combination.remove', combinationId, before, null);
  });
}
