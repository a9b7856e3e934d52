import type { FloorReservation, GetByDayResponse } from '@sobremesa/contracts';
import {
  paxProblem,
  parseDecimalInput,
  type FloorOperation,
  type OrderingActor,
  type ReservationAction,
} from '@sobremesa/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/modal/modal.tsx';
import { toast } from '../../../components/toast/toast-store.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { isQueued } from '../../../lib/offline-writes.ts';
import { FLOOR_QUERY_KEY, type FloorCalls } from '../api/floor-api.ts';
import { floorErrorText, reportFloorError } from '../floor-errors.ts';
import { Field, FormAlert, paxMessageKey, reservationLine, TablePicker } from './floor-forms.tsx';
import { accountQrText } from '../qr-text.ts';
import { AccountLines } from './account-lines.tsx';
import { QrImage } from './qr-image.tsx';

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
  const [busy, setBusy] = useState(false);
  const actions = ACTION_ORDER.filter(
    (action) => reservation.allowedActions.includes(action) && operations.includes(action),
  );

  async function run(work: () => Promise<unknown>, done: string) {
    setBusy(true);
    try {
      const result = await work();
      // Said once the screen shows it, so a tap right after the toast never lands on the old state.
      await client.invalidateQueries({ queryKey: FLOOR_QUERY_KEY });
      // A table move taken without a connection waits to be sent (decision 051): it says so instead.
      toast.success(isQueued(result) ? tf('offline.queued') : done);
      setMode(null);
      return true;
    } catch (error) {
      // A 409: the form's version is stale; it closes so it reopens on the redrawn reservation.
      if (error instanceof ApiError && error.status === 409) setMode(null);
      reportFloorError(error, t, client);
      return false;
    } finally {
      setBusy(false);
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
      <dl className="floor-detail__facts">
        {reservation.reference && (
          <div>
            <dt>{t('detail.reference')}</dt>
            <dd className="floor-detail__reference">{reservation.reference}</dd>
          </div>
        )}
        <div>
          <dt>{t('detail.time')}</dt>
          <dd>{reservation.startDateTime.slice(11, 16)}</dd>
        </div>
        <div>
          <dt>{t('form.pax')}</dt>
          <dd>{reservation.pax}</dd>
        </div>
        <div>
          <dt>{t('form.tables')}</dt>
          <dd>{reservation.table ?? t('detail.noTable')}</dd>
        </div>
        <div>
          <dt>{t('detail.state')}</dt>
          <dd data-state={reservation.state}>{t(`states.${reservation.state}`)}</dd>
        </div>
        {reservation.locationTag && (
          <div>
            <dt>{t('actions.locationTag')}</dt>
            <dd>{reservation.locationTag}</dd>
          </div>
        )}
        {reservation.comments && (
          <div>
            <dt>{t('detail.comments')}</dt>
            <dd>{reservation.comments}</dd>
          </div>
        )}
        {reservation.staffComments && (
          <div>
            <dt>{t('actions.staffComments')}</dt>
            <dd>{reservation.staffComments}</dd>
          </div>
        )}
        {reservation.allergies.allergens.length > 0 && (
          <div>
            <dt>{t('detail.allergies')}</dt>
            <dd className="floor-detail__allergies">
              {reservation.allergies.allergens.map((allergen) => allergen.name).join(', ')}
            </dd>
          </div>
        )}
      </dl>

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
          calls={calls}
          busy={busy}
          onSave={(ids, note) =>
            run(
              () => calls.allergies(reservation.wid, seenVersion, ids, note.trim() === '' ? null : note),
              t('done.saved'),
            )
          }
        />
      )}
      {mode === 'accountQr' && <AccountQr reservation={reservation} calls={calls} />}
      {mode === 'userDetails' && <UserDetails reservation={reservation} calls={calls} />}
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

const PAYMENT_METHODS = ['card', 'cash', 'other'] as const;

/**
 * The table asks for its bill (request-ticket, spec §7): how it will pay, one tap each. The account goes
 * to payment (status 7) with the method, and the TPV lists it first with it.
 */
function BillRequest(props: {
  busy: boolean;
  onPick: (method: (typeof PAYMENT_METHODS)[number]) => Promise<boolean>;
}) {
  const { t } = useTranslation('floor');
  return (
    <div className="floor-form floor-detail__form" role="group" aria-label={t('bill.question')}>
      <p className="floor-field__label">{t('bill.question')}</p>
      <div className="floor-form__actions">
        {PAYMENT_METHODS.map((method) => (
          <button
            key={method}
            type="button"
            className="button button--large"
            aria-busy={props.busy}
            onClick={() => {
              if (!props.busy) void props.onPick(method);
            }}
          >
            {t(`bill.${method}`)}
          </button>
        ))}
      </div>
    </div>
  );
}

function PaxEditor(props: { initial: number; busy: boolean; onSave: (pax: number) => Promise<boolean> }) {
  const { t } = useTranslation('floor');
  const [text, setText] = useState(String(props.initial));
  const [error, setError] = useState<string | null>(null);
  function submit(event: FormEvent) {
    event.preventDefault();
    const problem = paxProblem(text);
    // Spec §8: a failed pax update says so in its own words; the reason follows.
    if (problem) return setError(t('form.paxUpdateFailed', { reason: t(paxMessageKey(problem)) }));
    setError(null);
    void props.onSave(parseDecimalInput(text) ?? 0);
  }
  return (
    <form className="floor-form floor-detail__form" onSubmit={submit} noValidate>
      <Field label={t('form.pax')}>
        <input
          className="floor-input"
          inputMode="numeric"
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
      </Field>
      <FormAlert message={error} />
      <SaveButton busy={props.busy} />
    </form>
  );
}

function TableEditor(props: {
  tables: Day['tables'];
  initial: number[];
  busy: boolean;
  onSave: (ids: number[]) => Promise<boolean>;
}) {
  const { t } = useTranslation('floor');
  const [ids, setIds] = useState(props.initial);
  const [error, setError] = useState<string | null>(null);
  function submit(event: FormEvent) {
    event.preventDefault();
    if (ids.length === 0) return setError(t('form.tablesRequired'));
    setError(null);
    void props.onSave(ids);
  }
  return (
    <form className="floor-form floor-detail__form" onSubmit={submit} noValidate>
      <TablePicker tables={props.tables} selected={ids} onChange={setIds} />
      <FormAlert message={error} />
      <SaveButton busy={props.busy} />
    </form>
  );
}

function MergeEditor(props: {
  reservation: FloorReservation;
  day: Day;
  busy: boolean;
  onSave: (target: FloorReservation) => Promise<boolean>;
}) {
  const { t } = useTranslation('floor');
  const targets = props.day.reservations.filter(
    (candidate) => candidate.id !== props.reservation.id && candidate.allowedActions.includes('mergeInto'),
  );
  const [targetId, setTargetId] = useState<number | null>(targets[0]?.id ?? null);
  function submit(event: FormEvent) {
    event.preventDefault();
    const target = targets.find((candidate) => candidate.id === targetId);
    if (target) void props.onSave(target);
  }
  if (targets.length === 0) return <p className="muted">{t('detail.noMergeTargets')}</p>;
  return (
    <form className="floor-form floor-detail__form" onSubmit={submit}>
      <Field label={t('form.mergeTarget')}>
        <select
          className="floor-input"
          value={targetId ?? ''}
          onChange={(event) => setTargetId(Number(event.target.value))}
        >
          {targets.map((target) => (
            <option key={target.id} value={target.id}>
              {reservationLine(target)}
            </option>
          ))}
        </select>
      </Field>
      <SaveButton busy={props.busy} />
    </form>
  );
}

function TextEditor(props: {
  label: string;
  initial: string;
  busy: boolean;
  onSave: (text: string) => Promise<boolean>;
}) {
  const [text, setText] = useState(props.initial);
  return (
    <form
      className="floor-form floor-detail__form"
      onSubmit={(event) => {
        event.preventDefault();
        void props.onSave(text);
      }}
    >
      <Field label={props.label}>
        <textarea
          className="floor-input"
          rows={3}
          maxLength={2000}
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
      </Field>
      <SaveButton busy={props.busy} />
    </form>
  );
}

/**
 * The allergens and dietary note staff declare for the table (issue 18): the EU list as toggles, the note
 * ("Celíaca", "Sin cerdo") beside them; both reach every kitchen ticket of the table.
 */
function AllergiesEditor(props: {
  reservation: FloorReservation;
  calls: FloorCalls;
  busy: boolean;
  onSave: (allergenIds: number[], note: string) => Promise<boolean>;
}) {
  const { t } = useTranslation('floor');
  const list = useQuery({
    queryKey: [...FLOOR_QUERY_KEY, 'allergens'],
    queryFn: () => props.calls.allergenList(),
    staleTime: Infinity,
  });
  const [chosen, setChosen] = useState<number[]>(props.reservation.staffAllergenIds);
  const [note, setNote] = useState(props.reservation.dietaryNotes ?? '');
  return (
    <form
      className="floor-form floor-detail__form"
      onSubmit={(event) => {
        event.preventDefault();
        void props.onSave(chosen, note);
      }}
    >
      <fieldset className="floor-table-picker">
        <legend>{t('detail.allergies')}</legend>
        {(list.data?.allergens ?? []).map((allergen) => {
          const on = chosen.includes(allergen.id);
          return (
            <button
              key={allergen.id}
              type="button"
              className="floor-table-picker__table"
              aria-pressed={on}
              onClick={() =>
                setChosen(on ? chosen.filter((id) => id !== allergen.id) : [...chosen, allergen.id])
              }
            >
              {allergen.name}
            </button>
          );
        })}
      </fieldset>
      <Field label={t('detail.dietaryNotes')}>
        <input
          className="floor-input"
          maxLength={500}
          value={note}
          onChange={(e) => setNote(e.target.value)}
        />
      </Field>
      <SaveButton busy={props.busy} />
    </form>
  );
}

function LocationTagEditor(props: {
  tags: readonly string[];
  initial: string | null;
  busy: boolean;
  onSave: (tag: string | null) => Promise<boolean>;
}) {
  const { t } = useTranslation('floor');
  const [tag, setTag] = useState(props.initial ?? '');
  return (
    <form
      className="floor-form floor-detail__form"
      onSubmit={(event) => {
        event.preventDefault();
        void props.onSave(tag === '' ? null : tag);
      }}
    >
      <Field label={t('actions.locationTag')}>
        <select className="floor-input" value={tag} onChange={(event) => setTag(event.target.value)}>
          <option value="">{t('form.none')}</option>
          {props.tags.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
      </Field>
      <SaveButton busy={props.busy} />
    </form>
  );
}

function SaveButton({ busy }: { busy: boolean }) {
  const { t } = useTranslation('floor');
  return (
    <div className="floor-form__actions">
      <button type="submit" className="button button--primary button--large" disabled={busy}>
        {t('form.submit')}
      </button>
    </div>
  );
}

function AccountQr({ reservation, calls }: { reservation: FloorReservation; calls: FloorCalls }) {
  const { t } = useTranslation('floor');
  const [state, setState] = useState<{ text: string } | { error: string } | null>(null);
  const wid = reservation.wid;
  useEffect(() => {
    let live = true;
    calls.accountQr(wid).then(
      (reply) => live && setState({ text: accountQrText(reply.url, reply.wid) }),
      (error: unknown) => live && setState({ error: floorErrorText(error, t) }),
    );
    return () => {
      live = false;
    };
  }, [calls, wid, t]);
  if (state === null) return <p className="muted">{t('status.loading')}</p>;
  if ('error' in state) return <FormAlert message={state.error} />;
  return (
    <div className="floor-detail__qr">
      <QrImage text={state.text} label={t('qr.accountTitle')} />
      <p className="muted">{t('qr.accountHint')}</p>
    </div>
  );
}

function UserDetails({ reservation, calls }: { reservation: FloorReservation; calls: FloorCalls }) {
  const { t } = useTranslation('floor');
  type Reply = Awaited<ReturnType<FloorCalls['userDetails']>>;
  const [state, setState] = useState<Reply | { error: string } | null>(null);
  const wid = reservation.wid;
  useEffect(() => {
    let live = true;
    calls.userDetails(wid).then(
      (reply) => live && setState(reply),
      (error: unknown) => live && setState({ error: floorErrorText(error, t) }),
    );
    return () => {
      live = false;
    };
  }, [calls, wid, t]);
  if (state === null) return <p className="muted">{t('status.loading')}</p>;
  if ('error' in state) return <FormAlert message={state.error} />;
  if (state.guests.length === 0) return <p className="muted">{t('user.none')}</p>;
  return (
    <ul className="floor-detail__guests">
      {state.guests.map((guest) => (
        <li key={guest.id}>
          <strong>{guest.name}</strong>
          {guest.isHost && <span className="floor-badge">{t('user.host')}</span>}
          <span>{[guest.phone, guest.email].filter(Boolean).join(' · ')}</span>
          <span className="muted">{t('user.visits', { count: guest.visits })}</span>
        </li>
      ))}
    </ul>
  );
}
