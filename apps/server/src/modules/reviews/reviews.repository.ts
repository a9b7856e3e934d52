import { and, desc, eq, gte, isNotNull, lt, lte } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';
import { bills, reservations, reviews } from '../../db/schema/index.ts';

export type ReviewRow = typeof reviews.$inferSelect;

/** Whether the account has a paid bill: only then may its guests review the meal. */
export async function accountIsPaid(db: Executor, venueId: number, reservationId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: bills.id })
    .from(bills)
    .where(and(eq(bills.venueId, venueId), eq(bills.reservationId, reservationId), isNotNull(bills.paidAt)))
    .limit(1);
  return row !== undefined;
}

export async function findReview(
  db: Executor,
  venueId: number,
  reservationId: number,
): Promise<ReviewRow | undefined> {
  const [row] = await db
    .select()
    .from(reviews)
    .where(and(eq(reviews.venueId, venueId), eq(reviews.reservationId, reservationId)));
  return row;
}

/** The account's review with this rating: created, or its rating changed (one per account). */
export async function upsertRating(
  db: Executor,
  scope: { venueId: number; reservationId: number; guestId: number | null },
  rating: number,
  at: Date,
): Promise<{ row: ReviewRow; previousRating: number | null }> {
  const before = await findReview(db, scope.venueId, scope.reservationId);
  const [row] = await db
    .insert(reviews)
    .values({ ...scope, rating, createdAt: at, updatedAt: at })
    .onConflictDoUpdate({
      target: [reviews.venueId, reviews.reservationId],
      set: { rating, updatedAt: at },
    })
    .returning();
  if (!row) throw new Error('review not stored');
  return { row, previousRating: before?.rating ?? null };
}

export async function setReviewText(
  db: Executor,
  venueId: number,
  reservationId: number,
  text: string,
  at: Date,
): Promise<ReviewRow | undefined> {
  const [row] = await db
    .update(reviews)
    .set({ text, updatedAt: at })
    .where(and(eq(reviews.venueId, venueId), eq(reviews.reservationId, reservationId)))
    .returning();
  return row;
}

/** The first click on the public review link counts; later ones change nothing. */
export async function registerGoogleClick(
  db: Executor,
  venueId: number,
  reservationId: number,
  at: Date,
): Promise<ReviewRow | undefined> {
  const row = await findReview(db, venueId, reservationId);
  if (!row || row.googleReviewClickedAt) return row;
  const [updated] = await db
    .update(reviews)
    .set({ googleReviewClickedAt: at, updatedAt: at })
    .where(and(eq(reviews.venueId, venueId), eq(reviews.id, row.id)))
    .returning();
  return updated;
}

export async function listReviews(
  db: Executor,
  venueId: number,
  filter: { from: Date; to: Date; maxRating?: number },
) {
  return db
    .select({
      review: reviews,
      reservationWid: reservations.wid,
      reservationName: reservations.name,
    })
    .from(reviews)
    .leftJoin(
      reservations,
      and(eq(reservations.venueId, reviews.venueId), eq(reservations.id, reviews.reservationId)),
    )
    .where(
      and(
        eq(reviews.venueId, venueId),
        isNotNull(reviews.rating),
        gte(reviews.createdAt, filter.from),
        lt(reviews.createdAt, filter.to),
        filter.maxRating === undefined ? undefined : lte(reviews.rating, filter.maxRating),
      ),
    )
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(500);
}
