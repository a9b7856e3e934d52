import type { GuestOrderResponse } from '@sobremesa/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { toast } from '../../components/toast/toast-store.ts';
import { fetchGuestOrder } from './api/table-api.ts';
import { changedLines } from './table-order-model.ts';

const tableOrderKey = (uid: string | null) => ['menu', 'guest-order', uid] as const;

/**
 * What the guest's table ordered, kept live (issue 18 item 6, decision 028): refetched when the menu
 * stream says this table's order changed (`onOrderChanged` with its key) or after a break, and every
 * change of a dish's state said to screen readers; a dish the kitchen could not make is also shown in a
 * toast, so a guest with the sheet closed is told too. The table's payment is said the same way.
 */
export function useTableOrder(uid: string | null): {
  readonly order: GuestOrderResponse | undefined;
  readonly failed: boolean;
  readonly announcement: string;
  readonly onOrderChanged: (tableKey: string) => void;
  readonly refresh: () => void;
} {
  const { t } = useTranslation('menu');
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: tableOrderKey(uid),
    queryFn: () => fetchGuestOrder(uid!),
    enabled: uid !== null,
  });
  const order = query.data;
  const refresh = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: tableOrderKey(uid) }),
    [queryClient, uid],
  );
  const onOrderChanged = useCallback(
    (tableKey: string) => {
      if (tableKey === order?.liveKey) refresh();
    },
    [order?.liveKey, refresh],
  );

  const [announcement, setAnnouncement] = useState('');
  const seen = useRef<GuestOrderResponse | undefined>(undefined);
  useEffect(() => {
    if (!order || order === seen.current) return;
    const changed = changedLines(seen.current?.lines, order.lines);
    // The table paid while the guest looked: the thank-you state appears above, and is said (decision 038).
    const justClosed = order.closed && seen.current?.closed === false;
    seen.current = order;
    if (justClosed) {
      setAnnouncement(order.paid ? t('thanks.announcePaid') : t('thanks.closed'));
      return;
    }
    if (changed.length === 0) return;
    setAnnouncement(
      changed
        .map((line) => t('order.changed', { name: line.name, state: t(`order.state.${line.state}`) }))
        .join('. '),
    );
    for (const line of changed)
      if (line.state === 'notMade') toast.error(t('order.notMadeToast', { name: line.name }));
  }, [order, t]);

  return { order, failed: query.isError, announcement, onOrderChanged, refresh };
}
