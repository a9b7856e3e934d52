import { and, eq, inArray } from 'drizzle-orm';
import type { Transaction } from '../../db/database.ts';
import { cashDrawers, cashDrawerSlots } from '../../db/schema/index.ts';

// A venue's cash drawers and the denominations each holds: the till counts into their slots (accounting.repository.ts
// `insertSnapshot`), and the admin's devices screen sets them up through accounting.service.ts (decision 068).

export async function insertDrawer(tx: Transaction, venueId: number, name: string) {
  const [row] = await tx
    .insert(cashDrawers)
    .values({ venueId, name })
    .returning({ id: cashDrawers.id, name: cashDrawers.name });
  return row!;
}

export async function renameDrawer(tx: Transaction, venueId: number, drawerId: number, name: string) {
  await tx
    .update(cashDrawers)
    .set({ name })
    .where(and(eq(cashDrawers.venueId, venueId), eq(cashDrawers.id, drawerId)));
}

/**
 * Sets the drawer's denominations: slots of denominations no longer held go, new ones start at zero
 * pieces, and kept ones keep their last counted quantity.
 */
export async function replaceDrawerSlots(
  tx: Transaction,
  venueId: number,
  drawerId: number,
  denominationIds: readonly number[],
) {
  const existing = await tx
    .select({ id: cashDrawerSlots.cashDenominationId })
    .from(cashDrawerSlots)
    .where(and(eq(cashDrawerSlots.venueId, venueId), eq(cashDrawerSlots.cashDrawerId, drawerId)));
  const kept = new Set(existing.map((row) => row.id));
  const gone = [...kept].filter((id) => !denominationIds.includes(id));
  if (gone.length > 0) {
    await tx
      .delete(cashDrawerSlots)
      .where(
        and(
          eq(cashDrawerSlots.venueId, venueId),
          eq(cashDrawerSlots.cashDrawerId, drawerId),
          inArray(cashDrawerSlots.cashDenominationId, gone),
        ),
      );
  }
  const added = denominationIds.filter((id) => !kept.has(id));
  if (added.length > 0) {
    await tx
      .insert(cashDrawerSlots)
      .values(added.map((id) => ({ venueId, cashDrawerId: drawerId, cashDenominationId: id, quantity: 0 })));
  }
}

export async function deleteDrawer(tx: Transaction, venueId: number, drawerId: number) {
  await tx.delete(cashDrawers).where(and(eq(cashDrawers.venueId, venueId), eq(cashDrawers.id, drawerId)));
}
