import type { FloorReservation } from '@sobremesa/contracts';
import { isTopicIn } from '@sobremesa/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { Modal } from '../../components/modal/modal.tsx';
import { COMMANDER_QUERY_KEY } from './commander-api.ts';
import { CommanderPanel } from './components/commander-panel.tsx';
import './commander.css';
import { useRealtimeEvents } from '../../lib/realtime.tsx';

export interface CommanderActionProps {
  readonly reservation: FloorReservation;
  readonly roleId: number | null;
}

/** The states a table can be served in: seated, and waiting to pay (one more coffee). */
const ORDERABLE = new Set<FloorReservation['state']>(['seated', 'for_payment']);

/** Opens the commander for a reservation's table (issue 6): staff take the table's order. */
export function CommanderAction({ reservation, roleId }: CommanderActionProps) {
  const { t } = useTranslation('commander');
  const [open, setOpen] = useState(false);
  if (!ORDERABLE.has(reservation.state)) return null;
  const title = reservation.table
    ? t('title', { table: reservation.table, name: reservation.name })
    : t('titleNoTable', { name: reservation.name });
  return (
    <>
      <button
        type="button"
        className="button button--primary button--large commander-open"
        onClick={() => setOpen(true)}
      >
        {t('open')}
      </button>
      <Modal open={open} title={title} onClose={() => setOpen(false)} size="large" className="commander">
        <Suspense fallback={<p className="commander__loading">{t('loading')}</p>}>
          <CommanderPanel reservation={reservation} roleId={roleId} onSent={() => setOpen(false)} />
        </Suspense>
      </Modal>
      {open && <CommanderLive />}
    </>
  );
}

/** While the commander is open: a product change (sold out, price) or an order refreshes what it shows. */
function CommanderLive() {
  const client = useQueryClient();
  useRealtimeEvents((event) => {
    if (isTopicIn('commander', event)) void client.invalidateQueries({ queryKey: COMMANDER_QUERY_KEY });
  });
  return null;
}
