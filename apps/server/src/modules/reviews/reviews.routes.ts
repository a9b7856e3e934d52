import {
  addReviewTextRequestSchema,
  createReviewRequestSchema,
  getReviewRequestSchema,
  listReviewsReplySchema,
  listReviewsRequestSchema,
  reviewReplySchema,
  reviewTicketLinkReplySchema,
  reviewTicketLinkRequestSchema,
  updateReviewRequestSchema,
} from '@sobremesa/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { AppError, forbidden } from '../../http/app-error.ts';
import { requestLocale } from '../../http/locale.ts';
import { requestOrigin } from '../../http/security.ts';
import { contractRoutes } from '../../http/route-schemas.ts';
import { translate } from '../../i18n/messages.ts';
import type { RateLimitRule } from '../rate-limit/rate-limit.service.ts';
import { staffReservation } from '../reservations/reservations.service.ts';
import { mintReviewToken, reviewPageUrl } from './review-token.ts';
import {
  addText,
  registerClick,
  rate,
  reviewerOf,
  reviewOfGuest,
  venueReviews,
  type Reviewer,
} from './reviews.service.ts';

/**
 * Limits so nobody floods a venue with reviews (SEC-04): one review per paid account (a unique index), a
 * few changes of it, and every review call counted per network before its capability is even looked up,
 * so guessing tokens is as slow as it is pointless.
 */
export const REVIEW_CALLS_PER_ADDRESS: RateLimitRule = { name: 'review-ip', max: 60, windowSeconds: 600 };
export const REVIEW_WRITES_PER_ACCOUNT: RateLimitRule = {
  name: 'review-account',
  max: 12,
  windowSeconds: 3600,
};

/** Guest reviews (issue 26 item 6, decision 035) and the venue's reading of them. */
export function registerReviewRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = contractRoutes(app);
  const guest = { config: { access: 'public' as const } };

  const reviewer = async (
    request: FastifyRequest,
    who: { uid?: string; t?: string },
    write: boolean,
  ): Promise<Reviewer> => {
    await ctx.rateLimiter.consume(REVIEW_CALLS_PER_ADDRESS, `${request.venue.id}:${request.ip}`);
    const found = await reviewerOf(ctx.db, request.venue, who, ctx.clock.now());
    if (write)
      await ctx.rateLimiter.consume(REVIEW_WRITES_PER_ACCOUNT, `${request.venue.id}:${found.reservationId}`);
    return found;
  };

  api.post(
    '/world/api/review/get',
    { ...guest, schema: { body: getReviewRequestSchema, response: { '2xx': reviewReplySchema } } },
    async (request) => {
      const body = request.body;
      return reviewOfGuest(ctx, request.venue, await reviewer(request, body, false));
    },
  );

  api.post(
    '/world/api/review/create',
    { ...guest, schema: { body: createReviewRequestSchema, response: { '2xx': reviewReplySchema } } },
    async (request) => {
      const body = request.body;
      return rate(ctx, request.venue, await reviewer(request, body, true), body.rating);
    },
  );

  api.post(
    '/world/api/review/addtext',
    { ...guest, schema: { body: addReviewTextRequestSchema, response: { '2xx': reviewReplySchema } } },
    async (request) => {
      const body = request.body;
      return addText(ctx, request.venue, await reviewer(request, body, true), body.text);
    },
  );

  api.post(
    '/world/api/review/update',
    { ...guest, schema: { body: updateReviewRequestSchema, response: { '2xx': reviewReplySchema } } },
    async (request) => {
      const body = request.body;
      return registerClick(ctx, request.venue, await reviewer(request, body, true));
    },
  );

  /** Staff with copilot access or admins: the copilot's review panel and the admin area read this. */
  const reader = (request: FastifyRequest) => {
    const staff = request.staff;
    if (!staff || !(staff.copilotEnabled || staff.isAdmin)) throw forbidden('forbidden_copilot');
  };

  api.post(
    '/world/api/review/list',
    {
      schema: { body: listReviewsRequestSchema, response: { '2xx': listReviewsReplySchema } },
      config: { access: 'staff' },
    },
    async (request) => {
      const body = request.body;
      reader(request);
      if (body.dateFrom && body.dateTo && body.dateFrom > body.dateTo) {
        throw new AppError(400, 'VALIDATION_FAILED', 'validation_failed', {
          fields: [{ path: 'dateFrom', message: translate('validation_failed', requestLocale(request)) }],
        });
      }
      return venueReviews(ctx, request.venue, body);
    },
  );

  /** The review page's URL for the QR printed on an account's ticket. */
  api.post(
    '/world/api/review/ticket-link',
    {
      schema: { body: reviewTicketLinkRequestSchema, response: { '2xx': reviewTicketLinkReplySchema } },
      config: { access: 'copilot' },
    },
    async (request) => {
      const body = request.body;
      const row = await staffReservation(ctx.db, request.venue, body.reservationId);
      const token = await mintReviewToken(ctx.db, request.venue.id, row.id, ctx.clock.now());
      return { result: 0, url: reviewPageUrl(requestOrigin(request), token) };
    },
  );
}
