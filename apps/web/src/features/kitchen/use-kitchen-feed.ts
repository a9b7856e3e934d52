import type { GetByRoleResponse } from '@sobremesa/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../components/toast/toast-store.ts';
import { ApiError, serverMessage } from '../../lib/api-client.ts';
import { useVenueNow } from '../../lib/use-venue-now.ts';
import { useWaitingLineIds } from '../../lib/use-offline-queue.ts';
import {
  isKitchenEvent,
  kitchenCalls,
  kitchenDayQuery,
  KITCHEN_QUERY_KEY,
  type LineOperation,
} from './api/kitchen-api.ts';
import type { KitchenLine } from './tickets.ts';
import { useRealtimeEvents } from '../../lib/realtime.tsx';

export interface KitchenFeedInput {
  readonly roleId: number | null;
}

export interface KitchenFeed {
  readonly day: GetByRoleResponse | undefined;
  /** The venue's time, ticking every 15 s so timers and colours move without a refetch. */
  readonly now: string | null;
  readonly error: unknown;
  readonly loading: boolean;
  readonly retry: () => void;
  /** Ids of lines with a call under way or waiting for the connection. */
  readonly busy: ReadonlySet<number>;
  /** Applies an operation to lines; says whether every line took it. */
  readonly run: (operation: LineOperation, lines: readonly KitchenLine[]) => Promise<boolean>;
  /** Sends a held course of an account to the kitchen (dispatch-fireable). */
  readonly fire: (reservationId: number, dishClassId: number | null) => Promise<boolean>;
}

/**
 * The lines the selected role works, kept live: every kitchen realtime event refetches (a LAN answers in
 * well under a second), a refused call redraws with the truth, and a clock ticks for the timers.
 */
export function useKitchenFeed(input: KitchenFeedInput): KitchenFeed {
  const { roleId } = input;
  const { t } = useTranslation('kitchen');
  const client = useQueryClient();
  const query = useQuery(kitchenDayQuery(roleId));
  const calls = useMemo(() => kitchenCalls(roleId), [roleId]);
  const [calling, setCalling] = useState<ReadonlySet<number>>(new Set());
  const waiting = useWaitingLineIds();
  const busy = useMemo(() => new Set([...calling, ...waiting]), [calling, waiting]);

  useRealtimeEvents((event) => {
    if (isKitchenEvent(event)) void client.invalidateQueries({ queryKey: KITCHEN_QUERY_KEY });
  });

  const report = useCallback(
    (error: unknown) => {
      const message = serverMessage(error, t('errors.generic'));
      toast.error(
        error instanceof ApiError && error.status === 409 ? `${message} ${t('errors.redrawn')}` : message,
      );
    },
    [t],
  );

  const run = useCallback(
    async (operation: LineOperation, lines: readonly KitchenLine[]) => {
      const ids = lines.map((line) => line.id);
      setCalling((current) => new Set([...current, ...ids]));
      try {
        // Queued without a connection: the lines show as waiting until it is sent (decision 051).
        await calls.lines(operation, ids);
        return true;
      } catch (error) {
        report(error);
        return false;
      } finally {
        setCalling((current) => new Set([...current].filter((id) => !ids.includes(id))));
        await client.invalidateQueries({ queryKey: KITCHEN_QUERY_KEY });
      }
    },
    [calls, client, report],
  );

  const fire = useCallback(
    async (reservationId: number, dishClassId: number | null) => {
      try {
        await calls.fire(reservationId, dishClassId);
        return true;
      } catch (error) {
        report(error);
        return false;
      } finally {
        await client.invalidateQueries({ queryKey: KITCHEN_QUERY_KEY });
      }
    },
    [calls, client, report],
  );

  const day = query.data;
  const now = useVenueNow(day?.serverTime);
  return {
    day,
    now,
    error: query.error,
    loading: query.isPending,
    retry: () => void query.refetch(),
    busy,
    run,
    fire,
  };
}
