import type { FloorReservation, GetByDayResponse } from '@sobremesa/contracts';
import { paxProblem, parseDecimalInput } from '@sobremesa/domain';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { allergenListQuery } from '../api/floor-api.ts';
import { Field, FormAlert, paxMessageKey, reservationLine, TablePicker } from './floor-forms.tsx';

type Day = GetByDayResponse;

/*
 * The forms of a reservation's actions: each edits the reservation as it was when it opened and hands
 * its values to the detail, which makes the call.
 */

const PAYMENT_METHODS = ['card', 'cash', 'other'] as const;

/**
 * The table asks for its bill (request-ticket, spec §7): how it will pay, one tap each. The account goes
 * to payment (status 7) with the method, and the TPV lists it first with it.
 */
export function BillRequest(props: {
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

export function PaxEditor(props: {
  initial: number;
  busy: boolean;
  onSave: (pax: number) => Promise<boolean>;
}) {
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

export function TableEditor(props: {
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

export function MergeEditor(props: {
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

export function TextEditor(props: {
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
export function AllergiesEditor(props: {
  reservation: FloorReservation;
  busy: boolean;
  onSave: (allergenIds: number[], note: string) => Promise<boolean>;
}) {
  const { t } = useTranslation('floor');
  const list = useQuery(allergenListQuery());
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

export function LocationTagEditor(props: {
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

export function SaveButton({ busy }: { busy: boolean }) {
  const { t } = useTranslation('floor');
  return (
    <div className="floor-form__actions">
      <button type="submit" className="button button--primary button--large" disabled={busy}>
        {t('form.submit')}
      </button>
    </div>
  );
}
