import { takeawayPauseResponseSchema } from '@sobremesa/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { boardWriteMutation, withRole, type TakeawayPauseChoice } from './takeaway-staff-api.ts';

/** Online orders paused for a while or until resumed, or taken again. */
export type PauseChange = { readonly pause: TakeawayPauseChoice } | 'resume';

/** POST /world/api/takeaway/pause or /resume, with the selected role. */
export function changePause(roleId: number | null, change: PauseChange) {
  return change === 'resume'
    ? api.request(takeawayPauseResponseSchema, '/world/api/takeaway/resume', {
        body: { ...withRole(roleId) },
      })
    : api.request(takeawayPauseResponseSchema, '/world/api/takeaway/pause', {
        body: { pause: change.pause, ...withRole(roleId) },
      });
}

export function usePauseOrders(roleId: number | null) {
  const client = useQueryClient();
  return useMutation(boardWriteMutation(client, (change: PauseChange) => changePause(roleId, change)));
}
