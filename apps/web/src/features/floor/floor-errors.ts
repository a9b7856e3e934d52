import type { QueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { toast } from '../../components/toast/toast-store.ts';
import { ApiError, serverMessage } from '../../lib/api-client.ts';
import { FLOOR_QUERY_KEY } from './api/floor-api.ts';

/** The text to show for a failed floor call: the server's own message when it sent one. */
export function floorErrorText(error: unknown, t: TFunction<'floor'>): string {
  return serverMessage(error, t('errors.generic'));
}

/**
 * A refused action: a 409 means someone else changed the reservation meanwhile (or the state no longer
 * allows it), so the day is fetched again and the screen redraws with the truth.
 */
export function reportFloorError(error: unknown, t: TFunction<'floor'>, client: QueryClient): void {
  if (error instanceof ApiError && error.status === 409) {
    toast.error(`${error.message} ${t('errors.redrawn')}`);
    void client.invalidateQueries({ queryKey: FLOOR_QUERY_KEY });
    return;
  }
  toast.error(floorErrorText(error, t));
}

/** A walk-in refused because no table can be had (409 "No se ha podido asignar mesa."). */
export function isNoTableForParty(error: unknown): boolean {
  return error instanceof ApiError && error.status === 409 && error.code === 'SLOT_UNAVAILABLE';
}
