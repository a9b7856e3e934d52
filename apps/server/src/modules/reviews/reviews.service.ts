import type { GuestReview, ListReviewsReply, ReviewReply } from '@sobremesa/contracts';
import {
  addDays,
  formatOffsetDateTime,
  logicalDate,
  reviewOutcome,
  serviceDayRange,
  type IsoDate,
} from '@sobremesa/domain';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { expiredLink, invalidLink, requireCapability } from '../guests/guests.service.ts';
import { appendEvent } from '../realtime/realtime.service.ts';
import { staffReservation } from '../reservations/reservations.service.ts';
import type { Venue } from '../venues/venues.service.ts';
import { openReviewToken } from './review-token.ts';
import {
  accountIsPaid,
  findReview,
  listReviews,
  registerGoogleClick,
  setReviewText,
  upsertRating,
  type ReviewRow,
} from './reviews.repository.ts';

/** The review QR a printed ticket carries (billing prints it on bills and invoices). */
export { ticketReviewQr, type TicketReviewQr } from './review-ticket.ts';

/** Who is reviewing: the account (a paid reservation of this venue) and the guest when known. */
export interface Reviewer {
  readonly reservationId: number;
  readonly guestId: number | null;
}

/**
 * The account behind a guest's capability: the menu or reservation `uid` of their phone, or the review
 * token `t` of their ticket's QR. 401 for a capability that is not this venue's, 410 for an expired one.
 */
export async function reviewerOf(
  db: Executor,
  venue: Venue,
  who: { uid?: string; t?: string },
  now: Date,
): Promise<Reviewer> {
  if (who.uid !== undefined) {
    const capability = await requireCapability(db, venue.id, who.uid, ['reservation', 'menu'], now);
    return { reservationId: capability.reservationId, guestId: capability.guestId };
  }
  const opened = await openReviewToken(db, venue.id, who.t ?? '', now);
  if (opened === undefined) throw invalidLink();
  if (opened === 'expired') throw expiredLink();
  await staffReservation(db, venue, opened);
  return { reservationId: opened, guestId: null };
}

function guestReview(row: ReviewRow | undefined): GuestReview | null {
  if (!row) return null;
  return { rating: row.rating, text: row.text, googleReviewClicked: row.googleReviewClickedAt !== null };
}

function reply(venue: Venue, row: ReviewRow | undefined): ReviewReply {
  const url = venue.settings.reviewGoogleMapsUrl.trim();
  const rating = row?.rating ?? null;
  return {
    result: 0,
    venueName: venue.businessName,
    review: guestReview(row),
    googleReviewUrl: rating !== null && reviewOutcome(rating) === 'public' && url ? url : null,
  };
}

export async function reviewOfGuest(ctx: AppContext, venue: Venue, who: Reviewer): Promise<ReviewReply> {
  return reply(venue, await findReview(ctx.db, venue.id, who.reservationId));
}

/**
 * review/create: the account's rating, once the bill is paid. A private (low) rating, new or changed to,
 * reaches the copilot through the outbox (`review.received`) in the same transaction.
 */
export async function rate(
  ctx: AppContext,
  venue: Venue,
  who: Reviewer,
  rating: number,
): Promise<ReviewReply> {
  return ctx.db.transaction(async (tx) => {
    if (!(await accountIsPaid(tx, venue.id, who.reservationId)))
      throw new AppError(409, 'CONFLICT', 'review_not_paid');
    const { row, previousRating } = await upsertRating(
      tx,
      { venueId: venue.id, reservationId: who.reservationId, guestId: who.guestId },
      rating,
      ctx.clock.now(),
    );
    if (previousRating !== rating) {
      await appendEvent(tx, venue.id, 'review.received', {
        reviewId: row.id,
        rating,
        outcome: reviewOutcome(rating),
      });
    }
    return reply(venue, row);
  });
}

/** review/addtext: what the guest wrote, after their rating. */
export async function addText(ctx: AppContext, venue: Venue, who: Reviewer, text: string) {
  return ctx.db.transaction(async (tx) => {
    const row = await setReviewText(tx, venue.id, who.reservationId, text, ctx.clock.now());
    if (!row?.rating) throw new AppError(409, 'CONFLICT', 'review_rating_first');
    await appendEvent(tx, venue.id, 'review.received', {
      reviewId: row.id,
      rating: row.rating,
      outcome: reviewOutcome(row.rating),
    });
    return reply(venue, row);
  });
}

/** review/update: the guest followed the public review link (click registration). */
export async function registerClick(ctx: AppContext, venue: Venue, who: Reviewer): Promise<ReviewReply> {
  const row = await registerGoogleClick(ctx.db, venue.id, who.reservationId, ctx.clock.now());
  if (!row?.rating) throw new AppError(409, 'CONFLICT', 'review_rating_first');
  return reply(venue, row);
}

/** Default window of review/list: the last 30 service days, today included. */
const DEFAULT_DAYS = 30;

export async function venueReviews(
  ctx: AppContext,
  venue: Venue,
  filter: { dateFrom?: IsoDate; dateTo?: IsoDate; maxRating?: number },
): Promise<ListReviewsReply> {
  const today = logicalDate(ctx.clock.now(), venue.timeZone);
  const dateTo = filter.dateTo ?? today;
  const dateFrom = filter.dateFrom ?? addDays(dateTo, -(DEFAULT_DAYS - 1));
  const rows = await listReviews(ctx.db, venue.id, {
    from: serviceDayRange(dateFrom, venue.timeZone).from,
    to: serviceDayRange(dateTo, venue.timeZone).to,
    maxRating: filter.maxRating,
  });
  const at = (instant: Date) => formatOffsetDateTime(instant, venue.timeZone);
  const reviews = rows.map(({ review, reservationWid, reservationName }) => ({
    id: review.id,
    rating: review.rating ?? 0,
    text: review.text,
    googleReviewClicked: review.googleReviewClickedAt !== null,
    createdAt: at(review.createdAt),
    updatedAt: at(review.updatedAt),
    reservationWid,
    reservationName,
  }));
  const total = reviews.reduce((sum, review) => sum + review.rating, 0);
  return {
    result: 0,
    reviews,
    count: reviews.length,
    averageHundredths: reviews.length ? Math.round((total * 100) / reviews.length) : null,
  };
}
