import { accountingConfigResponseSchema } from '@sobremesa/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from './api.ts';
import { STAFF_QUERY_KEY } from './query-client.ts';

/**
 * POST /world/api/accounting-config: cash drawers, card readers and providers (spec §2: loaded once). Only
 * the staff tree asks for it: the server requires the copilot role.
 */
export const accountingConfigQuery = queryOptions({
  queryKey: [...STAFF_QUERY_KEY, 'accounting-config'],
  queryFn: async () =>
    (await api.request(accountingConfigResponseSchema, '/world/api/accounting-config', { body: {} }))
      .accountingConfig,
  staleTime: Infinity,
  meta: { access: 'copilot' },
});
