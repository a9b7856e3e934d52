import {
  doorLogHistoryResponseSchema,
  kioskRegisterResponseSchema,
  kioskWalkInResponseSchema,
  type DoorLogHistoryResponse,
  type KioskRegisterResponse,
  type KioskWalkInResponse,
} from '@sobremesa/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';
import { STAFF_QUERY_KEY } from '../../lib/query-client.ts';

/** The name this kiosk gives itself in the door log (its `agent`). */
export const KIOSK_AGENT = 'kiosk';

export const kioskApi = {
  /** kiosk/register: what the camera read or the guest typed. */
  register: (code: string): Promise<KioskRegisterResponse> =>
    api.request(kioskRegisterResponseSchema, '/world/api/kiosk/register', {
      body: { code, agent: KIOSK_AGENT, type: 1 },
    }),
  /** kiosk/createwalkin: a party without a booking. */
  walkIn: (name: string, pax: number): Promise<KioskWalkInResponse> =>
    api.request(kioskWalkInResponseSchema, '/world/api/kiosk/createwalkin', { body: { name, pax } }),
};

/** doorlog/history of the last day, for the copilot's kiosk overlay. */
export function doorLogQuery(roleId: number | null) {
  return queryOptions({
    queryKey: [...STAFF_QUERY_KEY, 'door-log', roleId],
    queryFn: (): Promise<DoorLogHistoryResponse> =>
      api.request(doorLogHistoryResponseSchema, '/world/doorlog/history', {
        body: roleId === null ? {} : { roleId },
      }),
    meta: { access: 'copilot' },
  });
}
