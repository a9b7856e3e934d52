import type { FloorReservation, GetByDayResponse } from '@sobremesa/contracts';
import type { FloorOperation, OrderingActor, ReservationAction } from '@sobremesa/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { Modal } from '../../../components/modal/modal.tsx';
import { toast } from '../../../components/toast/toast-store.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { isQueued } from '../../../lib/offline-writes.ts';
import { useFloorWrite, type FloorCalls } from '../api/floor-api.ts';
import { reportFloorError } from '../floor-errors.ts';
import { AccountLines } from './account-lines.tsx';
import {
  AllergiesEditor,
  BillRequest,
  LocationTagEditor,
  MergeEditor,
  PaxEditor,
  TableEditor,
  TextEditor,
} from './reservation-editors.tsx';
import { ReservationFacts } from './reservation-facts.tsx';
import { AccountQr, UserDetails } from './reservation-lookups.tsx';

type Day = GetByDayResponse;

/** Actions that are one tap (no form). */
const DIRECT_ACTIONS = ['seat', 'readyToOrder', 'noShow', 'reactivate', 'cancel', 'close'] as const;
type DirectAction = (typeof DIRECT_ACTIONS)[number];
type FormAction =
  'requestBill' | 'updatePax' | 'updateTable' | 'merge' | 'staffComments' | 'locationTag' | 'accountQr';
type Mode = FormAction | 'userDetails' | 'allergies' | null;

/** The order actions appear in, the usual ones first. */
const ACTION_ORDER: readonly ReservationAction[] = [
  'seat',
  'readyToOrder',
  'requestBill',
  'updatePax',
  'updateTable',
  'accountQr',
  'staffComments',
  'locationTag',
  'merge',
  'close',
  'noShow',
  'cancel',
  'reactivate',
];

export interface ReservationDetailProps {
  readonly reservation: FloorReservation;
  readonly day: Day;
  readonly operations: readonly FloorOperation[];
  readonly calls: FloorCalls;
  readonly locationTags: readonly string[];
  /** Who acts on the account's lines (the role's view), and the venue's currency for their prices. */
  readonly actor: OrderingActor;
  /** The selected role, sent with the calls the account's lines make. */
  readonly roleId: number | null;
  readonly currency: string;
  readonly onClose: () => void;
  /** More actions composed in by the app (the commander). */
  readonly extraActions?: ReactNode;
}

/** One reservation with what its state and the role allow (the server's `allowedActions`). */
export function ReservationDetail(props: ReservationDetailProps) {
  const {
    reservation,
    day,
    operations,
    calls,
    locationTags,
    actor,
    roleId,
    currency,
    onClose,
    extraActions,
  } = props;
  const { t } = useTranslation('floor');
  const { t: tf } = useTranslation('feedback');
  const client = useQueryClient();
  const [mode, setMode] = useState<Mode>(null);
  // A form edits the reservation as it was when the form opened: a change made meanwhile elsewhere makes
  // the save a 409 the screen shows (and redraws), instead of silently overwriting it.
  const [seenVersion, setSeenVersion] = useState(reservation.version);
  const open = (next: Mode) => {
    setSeenVersion(reservation.version);
    setMode(next);
  };
  const { write, busy } = useFloorWrite();
  const actions = ACTION_ORDER.filter(
    (action) => reservation.allowedActions.includes(action) && operations.includes(action),
  );

  async function run(send: () => Promise<unknown>, done: string) {
    try {
      // Resolved once the screen shows it, so a tap right after the toast never lands on the old state.
      const result = await write({ send });
      // A table move taken without a connection waits to be sent (decision 051): it says so instead.
      toast.success(isQueued(result) ? tf('offline.queued') : done);
      setMode(null);
      return true;
    } catch (error) {
      // A 409: the form's version is stale; it closes so it reopens on the redrawn reservation.
      if (error instanceof ApiError && error.status === 409) setMode(null);
      reportFloorError(error, t, client);
      return false;
    }
  }

  function direct(action: DirectAction) {
    const { wid, version, id } = reservation;
    const call = {
      seat: () => calls.seat(wid, version),
      readyToOrder: () => calls.readyToOrder(wid, version),
      noShow: () => calls.noShow(wid, version),
      reactivate: () => calls.reactivate(wid, version),
      cancel: () => calls.cancel(wid, version),
      close: () => calls.close(id, version),
    }[action];
    void run(call, t(`done.${action}`, { name: reservation.name }));
  }

  return (
    <Modal open title={reservation.name} onClose={onClose} size="large" className="floor-detail">
      <ReservationFacts reservation={reservation} />

      <div className="floor-detail__actions" role="group" aria-label={t('detail.actions')}>
        {actions.map((action) => (
          <button
            key={action}
            type="button"
            className={`button button--large floor-action floor-action--${action}`}
            disabled={busy}
            aria-pressed={mode === action ? true : undefined}
            onClick={() =>
              (DIRECT_ACTIONS as readonly string[]).includes(action)
                ? direct(action as DirectAction)
                : open(mode === action ? null : (action as FormAction))
            }
          >
            {t(`actions.${action as DirectAction | FormAction}`)}
          </button>
        ))}
        {actions.includes('staffComments') && (
          <button
            type="button"
            className="button button--large floor-action"
            aria-pressed={mode === 'allergies' ? true : undefined}
            onClick={() => open(mode === 'allergies' ? null : 'allergies')}
          >
            {t('detail.allergies')}
          </button>
        )}
        {operations.includes('userDetails') && (
          <button
            type="button"
            className="button button--large floor-action"
            aria-pressed={mode === 'userDetails' ? true : undefined}
            onClick={() => open(mode === 'userDetails' ? null : 'userDetails')}
          >
            {t('actions.userDetails')}
          </button>
        )}
        {extraActions}
      </div>

      {mode === 'requestBill' && (
        <BillRequest
          busy={busy}
          onPick={(method) =>
            run(
              () => calls.requestTicket(reservation.wid, method),
              t('done.requestBill', { name: reservation.name, method: t(`bill.${method}`) }),
            )
          }
        />
      )}
      {mode === 'updatePax' && (
        <PaxEditor
          initial={reservation.pax}
          busy={busy}
          onSave={(pax) => run(() => calls.updatePax(reservation.wid, seenVersion, pax), t('done.saved'))}
        />
      )}
      {mode === 'updateTable' && (
        <TableEditor
          tables={day.tables.filter((table) => table.active)}
          initial={reservation.tables.map((table) => table.table_id)}
          busy={busy}
          onSave={(ids) => run(() => calls.updateTable(reservation.wid, seenVersion, ids), t('done.saved'))}
        />
      )}
      {mode === 'merge' && (
        <MergeEditor
          reservation={reservation}
          day={day}
          busy={busy}
          onSave={(target) =>
            run(
              () => calls.merge(reservation.wid, seenVersion, target.wid, target.version),
              t('done.merge', { name: reservation.name, target: target.name }),
            )
          }
        />
      )}
      {mode === 'staffComments' && (
        <TextEditor
          label={t('actions.staffComments')}
          initial={reservation.staffComments ?? ''}
          busy={busy}
          onSave={(text) =>
            run(
              () => calls.staffComments(reservation.wid, seenVersion, text.trim() === '' ? null : text),
              t('done.saved'),
            )
          }
        />
      )}
      {mode === 'locationTag' && (
        <LocationTagEditor
          tags={locationTags}
          initial={reservation.locationTag}
          busy={busy}
          onSave={(tag) => run(() => calls.locationTag(reservation.wid, seenVersion, tag), t('done.saved'))}
        />
      )}
      {mode === 'allergies' && (
        <AllergiesEditor
          reservation={reservation}
          busy={busy}
          onSave={(ids, note) =>
            run(
              () => calls.allergies(reservation.wid, seenVersion, ids, note.trim() === '' ? null : note),
              t('done.saved'),
            )
          }
        />
      )}
      {mode === 'accountQr' && <AccountQr reservation={reservation} roleId={roleId} />}
      {mode === 'userDetails' && <UserDetails reservation={reservation} roleId={roleId} />}
      <AccountLines
        reservation={reservation}
        accounts={day.reservations}
        actor={actor}
        roleId={roleId}
        currency={currency}
        calls={calls}
      />
    </Modal>
  );
}
