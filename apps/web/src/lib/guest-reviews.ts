import type { ReviewReply } from '@sobremesa/contracts';
import { queryOptions } from '@tanstack/react-query';
import { envelope } from './api-client.ts';
import { api } from './api.ts';

/** Who reviews: the phone's menu `uid`, or the review token `t` of the ticket's QR. */
export type ReviewCapability = { readonly uid: string } | { readonly t: string };

// Guest screens skip zod (bench/bundle-size.ts): the envelope checks what the screen branches on.
const reviewReply = envelope<ReviewReply>([], (reply) => typeof reply.venueName === 'string');

function call(path: string, body: Record<string, unknown>): Promise<ReviewReply> {
  return api.request(reviewReply, path, { body });
}

export const reviewsApi = {
  get: (who: ReviewCapability) => call('/world/api/review/get', { ...who }),
  rate: (who: ReviewCapability, rating: number) => call('/world/api/review/create', { ...who, rating }),
  addText: (who: ReviewCapability, text: string) => call('/world/api/review/addtext', { ...who, text }),
  googleClicked: (who: ReviewCapability) =>
    call('/world/api/review/update', { ...who, googleReviewClicked: true }),
};

export function guestReviewQuery(who: ReviewCapability) {
  return queryOptions({
    queryKey: ['review', who],
    queryFn: () => reviewsApi.get(who),
    staleTime: Infinity,
    retry: false,
  });
}
