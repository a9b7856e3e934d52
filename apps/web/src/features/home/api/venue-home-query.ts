import type { VenueHome, VenueHomeReply } from '@sobremesa/contracts';
import { queryOptions } from '@tanstack/react-query';
import { envelope } from '../../../lib/api-client.ts';
import { api } from '../../../lib/api.ts';

// A guest page: the envelope instead of zod (bench/bundle-size.ts).
const reply = envelope<VenueHomeReply>(['home'], (r) => Array.isArray(r.home.rooms));

/** POST /world/api/venue/home: all /home shows, in one query (so the page can be rendered from it). */
export const venueHomeQuery = queryOptions({
  queryKey: ['venue-home'],
  queryFn: async (): Promise<VenueHome> =>
    (await api.request(reply, '/world/api/venue/home', { body: {} })).home,
  staleTime: 5 * 60_000,
});
