import { z } from 'zod';
import { REVIEW_MAX_RATING, REVIEW_MIN_RATING, REVIEW_TEXT_MAX } from '@sobremesa/domain';
import { okSchema } from './envelope.ts';
import { capabilitySchema, isoDateSchema, offsetDateTimeSchema } from './reservations.contract.ts';

/**
 * Guest reviews (spec §7 "Promotions and reviews": review/create, /addtext, /update; issue 26 item 6).
 * The guest is their capability: the menu `uid` their phone holds, or the review token `t` of the QR on
 * their ticket. One review per paid account; a guest may change their rating.
 */
const who = {
  uid: capabilitySchema.optional(),
  t: capabilitySchema.optional(),
};

function oneCapability(value: { uid?: string; t?: string }, context: z.RefinementCtx) {
  if ((value.uid === undefined) === (value.t === undefined))
    context.addIssue({ code: 'custom', path: ['uid'], message: 'uid or t, exactly one' });
}

export const reviewRatingSchema = z.number().int().min(REVIEW_MIN_RATING).max(REVIEW_MAX_RATING);

/** POST /world/api/review/create {uid | t, rating}. */
export const createReviewRequestSchema = z
  .strictObject({ ...who, rating: reviewRatingSchema })
  .superRefine(oneCapability);
export type CreateReviewRequest = z.infer<typeof createReviewRequestSchema>;

/** POST /world/api/review/addtext {uid | t, text}. */
export const addReviewTextRequestSchema = z
  .strictObject({ ...who, text: z.string().trim().min(1).max(REVIEW_TEXT_MAX) })
  .superRefine(oneCapability);

/** POST /world/api/review/update {uid | t, googleReviewClicked}: the click on the public review link. */
export const updateReviewRequestSchema = z
  .strictObject({ ...who, googleReviewClicked: z.literal(true) })
  .superRefine(oneCapability);

/** POST /world/api/review/get {uid | t}: what the review page shows (the venue, the review so far). */
export const getReviewRequestSchema = z.strictObject(who).superRefine(oneCapability);

export const guestReviewSchema = z.object({
  rating: reviewRatingSchema.nullable(),
  text: z.string().nullable(),
  googleReviewClicked: z.boolean(),
});
export type GuestReview = z.infer<typeof guestReviewSchema>;

export const reviewReplySchema = okSchema({
  venueName: z.string(),
  review: guestReviewSchema.nullable(),
  /** The venue's public review page: only for a high rating, and only when the venue has one. */
  googleReviewUrl: z.string().nullable(),
});
export type ReviewReply = z.infer<typeof reviewReplySchema>;

/** POST /world/api/review/list (copilot and admin): the venue's reviews, newest first. */
export const listReviewsRequestSchema = z.strictObject({
  /** Service days (venue time zone, 06:00 boundary); the last 30 by default. */
  dateFrom: isoDateSchema.optional(),
  dateTo: isoDateSchema.optional(),
  /** Only reviews rated at most this (the private ones: 3). */
  maxRating: reviewRatingSchema.optional(),
});

export const venueReviewSchema = z.object({
  id: z.number().int(),
  rating: reviewRatingSchema,
  text: z.string().nullable(),
  googleReviewClicked: z.boolean(),
  createdAt: offsetDateTimeSchema,
  updatedAt: offsetDateTimeSchema,
  reservationWid: z.string().nullable(),
  reservationName: z.string().nullable(),
});
export type VenueReview = z.infer<typeof venueReviewSchema>;

export const listReviewsReplySchema = okSchema({
  reviews: z.array(venueReviewSchema),
  count: z.number().int(),
  /** Mean rating of the listed reviews in hundredths (437 = 4.37), null when there are none. */
  averageHundredths: z.number().int().nullable(),
});
export type ListReviewsReply = z.infer<typeof listReviewsReplySchema>;

/** POST /world/api/review/ticket-link {reservationId} (staff): the review page's URL for a ticket's QR. */
export const reviewTicketLinkRequestSchema = z.strictObject({
  reservationId: z.number().int().positive(),
});
export const reviewTicketLinkReplySchema = okSchema({ url: z.string() });
