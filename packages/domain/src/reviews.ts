/**
 * Guest reviews (issue 26 item 6): what a rating leads to. A high rating is invited to go public on the
 * venue's Google review page; a lower one stays private and reaches the venue, so it can make amends.
 */
export const REVIEW_MIN_RATING = 1;
export const REVIEW_MAX_RATING = 5;
/** From this rating up the guest is offered the venue's public review link. */
export const REVIEW_PUBLIC_FROM = 4;
export const REVIEW_TEXT_MAX = 1000;

export type ReviewOutcome = 'public' | 'private';

export function reviewOutcome(rating: number): ReviewOutcome {
  return rating >= REVIEW_PUBLIC_FROM ? 'public' : 'private';
}
