import { listReviewsReplySchema, type ListReviewsReply } from '@sobremesa/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { STAFF_QUERY_KEY } from '../../../lib/query-client.ts';

export const VENUE_REVIEWS_QUERY_KEY = [...STAFF_QUERY_KEY, 'reviews'] as const;

/** POST /world/api/review/list: the last 30 service days, optionally only the private ones. */
export function venueReviewsQuery(privateOnly: boolean) {
  return queryOptions({
    queryKey: [...VENUE_REVIEWS_QUERY_KEY, privateOnly],
    queryFn: (): Promise<ListReviewsReply> =>
      api.request(listReviewsReplySchema, '/world/api/review/list', {
        body: privateOnly ? { maxRating: 3 } : {},
      }),
    meta: { access: 'copilot' },
  });
}
