import { queryOptions } from '@tanstack/react-query';
import { takeawayApi } from './takeaway-api.ts';

/** Modes, zones, booking window and pause: loaded by the route before the form shows (decision 030). */
export const takeawayConfigQuery = queryOptions({
  queryKey: ['takeaway', 'config'],
  queryFn: takeawayApi.config,
  // A pause staff set reaches a form left open on its next refetch.
  staleTime: 60_000,
});
