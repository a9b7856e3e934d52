import type { AdminFloorRoom } from '@sobremesa/contracts';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { ConfirmQuestion, useAskFirst } from '../../../components/confirm-question.tsx';
import { failureOf, fieldProblem, type Failure } from './floor-failure.ts';

/** "Quitar la sala" asks first, as "Quitar la mesa" does (decision 077). */
function RemoveRoom(props: { room: AdminFloorRoom; remove: (room: AdminFloorRoom) => void }) {
  const { t } = useTranslation('admin');
  const { asking, setAsking, button } = useAskFirst();
  return asking ? (
    <ConfirmQuestion
      question={t('floorPlan.removeRoomQuestion', { name: props.room.name })}
      yes={t('floorPlan.removeRoomYes')}
      no={t('floorPlan.removeRoomNo')}
      busy={false}
      onYes={() => {
        setAsking(false);
        props.remove(props.room);
      }}
      onNo={() => setAsking(false)}
    />
  ) : (
    <button ref={button} type="button" className="button button--quiet" onClick={() => setAsking(true)}>
      {t('floorPlan.removeRoom', { name: props.room.name })}
    </button>
  );
}

/** A form of one name: a new room, or the selected room's new name. */
function NameForm(props: {
  label: string;
  submitLabel: string;
  initial: string;
  submit: (name: string) => Promise<unknown>;
  resetOnSave?: boolean;
}) {
  const { t } = useTranslation('admin');
  const id = useId();
  const [name, setName] = useState(props.initial);
  const [failure, setFailure] = useState<Failure | null>(null);
  const [busy, setBusy] = useState(false);
  const problem =
    fieldProblem(failure, 'name', t) ?? (failure && failure.fields.length === 0 ? failure.message : null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setFailure(null);
    try {
      await props.submit(name);
      if (props.resetOnSave) setName('');
    } catch (error) {
      setFailure(failureOf(error, t));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="plan-rooms__form" noValidate onSubmit={(event) => void submit(event)}>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-name`}>
          {props.label}
        </label>
        <input
          id={`${id}-name`}
          className="input"
          value={name}
          autoComplete="off"
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-problem` : undefined}
          onChange={(event) => setName(event.target.value)}
        />
        {problem && (
          <p id={`${id}-problem`} className="field__error">
            {problem}
          </p>
        )}
      </div>
      <button type="submit" className="button button--primary" disabled={busy}>
        {props.submitLabel}
      </button>
    </form>
  );
}

/** The rooms as a row of toggles, a new room, and the selected room's name, order and removal. */
export function RoomBar(props: {
  rooms: readonly AdminFloorRoom[];
  selected: AdminFloorRoom | undefined;
  onSelect: (roomId: number) => void;
  create: (name: string) => Promise<unknown>;
  rename: (room: AdminFloorRoom, name: string) => Promise<unknown>;
  move: (room: AdminFloorRoom, by: -1 | 1) => void;
  remove: (room: AdminFloorRoom) => void;
}) {
  const { t } = useTranslation('admin');
  const { rooms, selected } = props;
  const index = selected ? rooms.findIndex((room) => room.id === selected.id) : -1;
  return (
    <div className="plan-rooms">
      <ul className="plan-rooms__list" aria-label={t('floorPlan.rooms')}>
        {rooms.map((room) => (
          <li key={room.id}>
            <button
              type="button"
              className="button plan-rooms__room"
              aria-pressed={room.id === selected?.id}
              onClick={() => props.onSelect(room.id)}
            >
              {room.name}
            </button>
          </li>
        ))}
      </ul>
      <div className="plan-rooms__tools">
        {selected && (
          <>
            <NameForm
              key={`${selected.id}-${selected.version}`}
              label={t('floorPlan.roomName')}
              submitLabel={t('floorPlan.renameRoom')}
              initial={selected.name}
              submit={(name) => props.rename(selected, name)}
            />
            <button
              type="button"
              className="button button--quiet"
              disabled={index <= 0}
              onClick={() => props.move(selected, -1)}
            >
              {t('floorPlan.moveRoomBefore')}
            </button>
            <button
              type="button"
              className="button button--quiet"
              disabled={index < 0 || index >= rooms.length - 1}
              onClick={() => props.move(selected, 1)}
            >
              {t('floorPlan.moveRoomAfter')}
            </button>
            <RemoveRoom key={selected.id} room={selected} remove={props.remove} />
          </>
        )}
        <NameForm
          label={t('floorPlan.newRoomName')}
          submitLabel={t('floorPlan.addRoom')}
          initial=""
          resetOnSave
          submit={props.create}
        />
      </div>
    </div>
  );
}
