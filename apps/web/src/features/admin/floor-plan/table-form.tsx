import type { AdminFloorRoom, AdminFloorTable } from '@sobremesa/contracts';
import { KEY_STEP, ROTATE_STEP, TABLE_SHAPES, type PlanKeyAction } from '@sobremesa/domain';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { ConfirmQuestion, useAskFirst } from '../../../components/confirm-question.tsx';
import { failureOf, fieldProblem, type Failure } from './floor-failure.ts';
import type { TableChanges } from '../api/floor-plan-api.ts';

/** The buttons that do what the arrow keys do on the plan, for a pointer or a switch. */
const MOVES = [
  { label: 'moveLeft', arrow: '←', dx: -KEY_STEP, dy: 0 },
  { label: 'moveUp', arrow: '↑', dx: 0, dy: -KEY_STEP },
  { label: 'moveDown', arrow: '↓', dx: 0, dy: KEY_STEP },
  { label: 'moveRight', arrow: '→', dx: KEY_STEP, dy: 0 },
] as const;

function Field(props: { id: string; label: string; problem: string | null; children: ReactNode }) {
  return (
    <div className="field">
      <label className="field__label" htmlFor={props.id}>
        {props.label}
      </label>
      {props.children}
      {props.problem && (
        <p id={`${props.id}-problem`} className="field__error">
          {props.problem}
        </p>
      )}
    </div>
  );
}

/**
 * The selected table's details beside the plan, with buttons for what the keys do on the plan (move,
 * turn) and for retiring it. Shown again from the stored table after every save.
 */
export function TableForm(props: {
  table: AdminFloorTable;
  rooms: readonly AdminFloorRoom[];
  save: (changes: TableChanges) => Promise<unknown>;
  nudge: (action: PlanKeyAction) => void;
  remove: () => Promise<unknown>;
}) {
  const { t } = useTranslation('admin');
  const id = useId();
  const { table } = props;
  const [name, setName] = useState(table.name);
  const [minPax, setMinPax] = useState(String(table.minPax));
  const [maxPax, setMaxPax] = useState(String(table.maxPax));
  const [shape, setShape] = useState(table.shape);
  const [rotation, setRotation] = useState(String(table.rotation));
  const [zone, setZone] = useState(table.zone ?? '');
  const [combinable, setCombinable] = useState(table.combinable);
  const [roomId, setRoomId] = useState(table.roomId);
  const [failure, setFailure] = useState<Failure | null>(null);
  const [busy, setBusy] = useState(false);

  const problem = (path: string) => fieldProblem(failure, path, t);
  const invalid = (path: string) =>
    problem(path) ? { 'aria-invalid': true as const, 'aria-describedby': `${id}-${path}-problem` } : {};

  // "Quitar la mesa" asks first (decision 077): the question takes the button's place, and a "no" gives the
  // focus back to the button.
  const { asking, setAsking, button: removeButton } = useAskFirst();

  async function run(write: () => Promise<unknown>) {
    setBusy(true);
    setFailure(null);
    try {
      await write();
    } catch (error) {
      setFailure(failureOf(error, t));
    } finally {
      setBusy(false);
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    void run(() =>
      props.save({
        name,
        minPax: Number(minPax),
        maxPax: Number(maxPax),
        shape,
        rotation: Number(rotation),
        zone: zone.trim() === '' ? null : zone,
        combinable,
        roomId,
      }),
    );
  }

  const shownFields = ['name', 'minPax', 'maxPax', 'rotation', 'zone'];
  const general =
    failure && !failure.fields.some((field) => shownFields.includes(field.path)) ? failure.message : null;

  return (
    <form className="plan-form" noValidate aria-labelledby={`${id}-title`} onSubmit={submit}>
      <h3 id={`${id}-title`} className="admin-section__title">
        {t('floorPlan.table.title', { name: table.name })}
      </h3>
      <div className="plan-form__nudges" role="group" aria-label={t('floorPlan.table.placeGroup')}>
        {MOVES.map((move) => (
          <button
            key={move.label}
            type="button"
            className="button button--quiet plan-form__nudge"
            aria-label={t(`floorPlan.table.${move.label}`)}
            onClick={() => props.nudge({ kind: 'move', dx: move.dx, dy: move.dy })}
          >
            <span aria-hidden="true">{move.arrow}</span>
          </button>
        ))}
        <button
          type="button"
          className="button button--quiet"
          onClick={() => props.nudge({ kind: 'rotate', degrees: -ROTATE_STEP })}
        >
          {t('floorPlan.table.turnLeft')}
        </button>
        <button
          type="button"
          className="button button--quiet"
          onClick={() => props.nudge({ kind: 'rotate', degrees: ROTATE_STEP })}
        >
          {t('floorPlan.table.turnRight')}
        </button>
      </div>
      <Field id={`${id}-name`} label={t('floorPlan.table.name')} problem={problem('name')}>
        <input
          id={`${id}-name`}
          className="input"
          value={name}
          autoComplete="off"
          onChange={(event) => setName(event.target.value)}
          {...invalid('name')}
        />
      </Field>
      <div className="plan-form__pair">
        <Field id={`${id}-minPax`} label={t('floorPlan.table.minPax')} problem={problem('minPax')}>
          <input
            id={`${id}-minPax`}
            className="input"
            type="number"
            inputMode="numeric"
            min={1}
            value={minPax}
            onChange={(event) => setMinPax(event.target.value)}
            {...invalid('minPax')}
          />
        </Field>
        <Field id={`${id}-maxPax`} label={t('floorPlan.table.maxPax')} problem={problem('maxPax')}>
          <input
            id={`${id}-maxPax`}
            className="input"
            type="number"
            inputMode="numeric"
            min={1}
            value={maxPax}
            onChange={(event) => setMaxPax(event.target.value)}
            {...invalid('maxPax')}
          />
        </Field>
      </div>
      <Field id={`${id}-shape`} label={t('floorPlan.table.shape')} problem={null}>
        <select
          id={`${id}-shape`}
          className="input"
          value={shape}
          onChange={(event) => setShape(event.target.value as AdminFloorTable['shape'])}
        >
          {TABLE_SHAPES.map((value) => (
            <option key={value} value={value}>
              {t(`floorPlan.shapes.${value}`)}
            </option>
          ))}
        </select>
      </Field>
      <Field id={`${id}-rotation`} label={t('floorPlan.table.rotation')} problem={problem('rotation')}>
        <input
          id={`${id}-rotation`}
          className="input"
          type="number"
          inputMode="numeric"
          min={0}
          max={359}
          step={15}
          value={rotation}
          onChange={(event) => setRotation(event.target.value)}
          {...invalid('rotation')}
        />
      </Field>
      <Field id={`${id}-zone`} label={t('floorPlan.table.zone')} problem={problem('zone')}>
        <input
          id={`${id}-zone`}
          className="input"
          value={zone}
          autoComplete="off"
          placeholder={t('floorPlan.table.zoneHint')}
          onChange={(event) => setZone(event.target.value)}
          {...invalid('zone')}
        />
      </Field>
      <Field id={`${id}-room`} label={t('floorPlan.table.room')} problem={null}>
        <select
          id={`${id}-room`}
          className="input"
          value={roomId}
          onChange={(event) => setRoomId(Number(event.target.value))}
        >
          {props.rooms.map((room) => (
            <option key={room.id} value={room.id}>
              {room.name}
            </option>
          ))}
        </select>
      </Field>
      <label className="plan-form__check">
        <input
          type="checkbox"
          checked={combinable}
          onChange={(event) => setCombinable(event.target.checked)}
        />
        {t('floorPlan.table.combinable')}
      </label>
      {general && (
        <p className="notice notice--error" role="alert">
          {general}
        </p>
      )}
      <div className="admin-section__actions">
        <button type="submit" className="button button--primary" disabled={busy}>
          {busy ? t('saving') : t('floorPlan.table.save')}
        </button>
        {asking ? (
          <ConfirmQuestion
            question={t('floorPlan.table.removeQuestion', { name: table.name })}
            yes={t('floorPlan.table.removeYes')}
            no={t('floorPlan.table.removeNo')}
            busy={busy}
            onYes={() => void run(props.remove).then(() => setAsking(false))}
            onNo={() => setAsking(false)}
          />
        ) : (
          <button
            ref={removeButton}
            type="button"
            className="button button--quiet"
            disabled={busy}
            onClick={() => setAsking(true)}
          >
            {t('floorPlan.table.remove', { name: table.name })}
          </button>
        )}
      </div>
    </form>
  );
}
