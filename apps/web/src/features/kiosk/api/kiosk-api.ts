import {
  doorLogHistoryResponseSchema,
  kioskRegisterResponseSchema,
  kioskWalkInResponseSchema,
  type DoorLogHistoryResponse,
  type KioskRegisterResponse,
  type KioskWalkInResponse,
} from '@sobremesa/contracts';
import { queryOptions, useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { STAFF_QUERY_KEY } from '../../../lib/query-client.ts';
import { STAFF_WRITE } from '../../../lib/staff-writes.ts';
import type { KioskOutcome } from '../kiosk-result.tsx';

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

/**
 * The door's writes (a check-in, a walk-in), each `send` answering with what to show the guest: the outcome is
 * the mutation's, shown until the kiosk closes it (`reset`). Nothing on this device reads the door log again.
 */
export const useDoorWrite = () =>
  useMutation({ ...STAFF_WRITE, mutationFn: (send: () => Promise<KioskOutcome>) => send() });

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
