import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';
import { cashDrawers, elaborationTypes } from '../../db/schema/index.ts';

export function listElaborationTypes(db: Executor, venueId: number) {
  return db
    .select({ id: elaborationTypes.id, name: elaborationTypes.name })
    .from(elaborationTypes)
    .where(eq(elaborationTypes.venueId, venueId))
    .orderBy(asc(elaborationTypes.sortOrder), asc(elaborationTypes.id));
}

export function listCashDrawers(db: Executor, venueId: number) {
  return db
    .select({ id: cashDrawers.id, name: cashDrawers.name })
    .from(cashDrawers)
    .where(eq(cashDrawers.venueId, venueId))
    .orderBy(asc(cashDrawers.id));
}
