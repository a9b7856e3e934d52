import type { GetByRoleResponse } from '@sobremesa/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { toast } from '../../components/toast/toast-store.ts';
import { ApiError, serverMessage } from '../../lib/api-client.ts';
import { useRealtimeEvents } from '../../lib/realtime.tsx';
import { useVenueNow } from '../../lib/use-venue-now.ts';
import { useWaitingLineIds } from '../../lib/use-offline-queue.ts';
import { useFireCourse } from './api/fire-course.ts';
import { isKitchenEvent, kitchenDayQuery, KITCHEN_QUERY_KEY } from './api/kitchen-api.ts';
import { useLinesInFlight, useUpdateLines, type LineOperation } from './api/update-lines.ts';
import type { KitchenLine } from './tickets.ts';

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
 * well under a second), a refused call redraws with the truth (the writes invalidate the day when they
 * settle), and a clock ticks for the timers.
 */
export function useKitchenFeed(input: KitchenFeedInput): KitchenFeed {
  const { roleId } = input;
  const { t } = useTranslation('kitchen');
  const client = useQueryClient();
  const query = useQuery(kitchenDayQuery(roleId));
  const report = useCallback(
    (error: unknown) => {
      const message = serverMessage(error, t('errors.generic'));
      toast.error(
        error instanceof ApiError && error.status === 409 ? `${message} ${t('errors.redrawn')}` : message,
      );
    },
    [t],
  );
  const updateLines = useUpdateLines(roleId, report);
  const fireCourse = useFireCourse(roleId, report);
  const moving = useLinesInFlight();
  const waiting = useWaitingLineIds();
  const busy = useMemo(() => new Set([...moving, ...waiting]), [moving, waiting]);

  useRealtimeEvents((event) => {
    if (isKitchenEvent(event)) void client.invalidateQueries({ queryKey: KITCHEN_QUERY_KEY });
  });

  const { mutateAsync: sendLines } = updateLines;
  const run = useCallback(
    (operation: LineOperation, lines: readonly KitchenLine[]) =>
      // Queued without a connection: the lines show as waiting until it is sent (decision 051).
      sendLines({ operation, productOrderIds: lines.map((line) => line.id) }).then(
        () => true,
        () => false,
      ),
    [sendLines],
  );

  const { mutateAsync: sendFiring } = fireCourse;
  const fire = useCallback(
    (reservationId: number, dishClassId: number | null) =>
      sendFiring({ reservationId, dishClassId }).then(
        () => true,
        () => false,
      ),
    [sendFiring],
  );

  const day = query.data;
  const now = useVenueNow(day?.serverTime, query.dataUpdatedAt);
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
