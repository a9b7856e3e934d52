import { paxProblem, parseDecimalInput, type PaxProblem } from '@sobremesa/domain';
import type { FloorReservation, GetByDayResponse } from '@sobremesa/contracts';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { newIdempotencyKey } from '../../../lib/random-key.ts';
import { floorErrorText, isNoTableForParty } from '../floor-errors.ts';

type Table = GetByDayResponse['tables'][number];

export function paxMessageKey(problem: PaxProblem) {
  return problem === 'negative' ? ('form.negative' as const) : ('form.paxInvalid' as const);
}

/** A labelled field of the floor's forms: large type and touch targets. */
export function Field({ label, children }: { readonly label: string; readonly children: ReactNode }) {
  return (
    <label className="floor-field">
      <span className="floor-field__label">{label}</span>
      {children}
    </label>
  );
}

/** The alert of a form, for the server's refusals ("No se ha podido asignar mesa.") and local checks. */
export function FormAlert({ message }: { readonly message: string | null }) {
  if (!message) return null;
  return (
    <p className="notice notice--error floor-form__alert" role="alert">
      <span className="notice__body">{message}</span>
    </p>
  );
}

/** Table choice as big toggles; `taken` tables are shown but flagged. */
export function TablePicker({
  tables,
  selected,
  onChange,
  showSeats = false,
}: {
  readonly tables: readonly Table[];
  readonly selected: readonly number[];
  readonly onChange: (ids: number[]) => void;
  /** Each table also says how many it seats (a host seating a couple at a larger table, issue 18). */
  readonly showSeats?: boolean;
}) {
  const { t } = useTranslation('floor');
  return (
    <fieldset className="floor-table-picker">
      <legend>{t('form.tables')}</legend>
      {tables.map((table) => {
        const on = selected.includes(table.table_id);
        return (
          <button
            key={table.table_id}
            type="button"
            className={`floor-table-picker__table floor-state--${table.state}`}
            aria-pressed={on}
            onClick={() =>
              onChange(on ? selected.filter((id) => id !== table.table_id) : [...selected, table.table_id])
            }
          >
            {table.name}
            <small>{t(`tableStates.${table.state}`)}</small>
            {showSeats && (
              <span className="floor-table-picker__seats">{t('form.seats', { max: table.maxPax })}</span>
            )}
          </button>
        );
      })}
    </fieldset>
  );
}

export interface PartyFormValues {
  readonly name: string;
  readonly pax: number;
  readonly tableIds: number[];
}

/** De Paso and Sin Recibir: a name (no surnames) and the party size; Sin Recibir also the tables. */
export function PartyForm({
  withTables,
  offerAnyFreeTable = false,
  onWaitlist,
  tables,
  initialTableIds = [],
  submitLabel,
  onSubmit,
  onCancel,
}: {
  readonly withTables: boolean;
  /**
   * De Paso (issue 18): when no table fits the party, the host may seat it at any free table instead of
   * hitting a dead end, so the refusal opens the free tables to choose from.
   */
  readonly offerAnyFreeTable?: boolean;
  /** De Paso: when no table fits, the party may also wait for one (the walk-in waitlist). */
  readonly onWaitlist?: (values: { name: string; pax: number }) => Promise<void>;
  readonly tables: readonly Table[];
  readonly initialTableIds?: number[];
  readonly submitLabel: string;
  readonly onSubmit: (values: PartyFormValues, idempotencyKey: string) => Promise<void>;
  readonly onCancel: () => void;
}) {
  const { t } = useTranslation('floor');
  const [name, setName] = useState('');
  const [pax, setPax] = useState('2');
  const [tableIds, setTableIds] = useState<number[]>(initialTableIds);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [key, setKey] = useState(newIdempotencyKey);
  const [pickingFreeTable, setPickingFreeTable] = useState(false);
  const showTables = withTables || pickingFreeTable;

  async function joinWaitlist() {
    if (!onWaitlist) return;
    setBusy(true);
    setError(null);
    try {
      await onWaitlist({ name: name.trim(), pax: parseDecimalInput(pax) ?? 0 });
    } catch (failure) {
      setError(floorErrorText(failure, t));
    } finally {
      setBusy(false);
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problem = paxProblem(pax);
    if (problem) return setError(t(paxMessageKey(problem)));
    if (name.trim() === '') return setError(t('form.nameRequired'));
    if (showTables && tableIds.length === 0) return setError(t('form.tablesRequired'));
    setBusy(true);
    setError(null);
    try {
      await onSubmit({ name: name.trim(), pax: parseDecimalInput(pax) ?? 0, tableIds }, key);
    } catch (failure) {
      setKey(newIdempotencyKey());
      const noTableFits = offerAnyFreeTable && isNoTableForParty(failure);
      if (noTableFits) setPickingFreeTable(true);
      setError(
        noTableFits
          ? `${floorErrorText(failure, t)} ${t('walkIn.pickAnyTable')}`
          : floorErrorText(failure, t),
      );
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="floor-form" onSubmit={(event) => void submit(event)} noValidate>
      <Field label={t('form.name')}>
        <input
          className="floor-input"
          value={name}
          maxLength={60}
          autoComplete="off"
          onChange={(event) => setName(event.target.value)}
        />
      </Field>
      <Field label={t('form.pax')}>
        <input
          className="floor-input"
          inputMode="numeric"
          value={pax}
          onChange={(event) => setPax(event.target.value)}
        />
      </Field>
      {showTables && (
        <TablePicker
          tables={tables.filter((table) => table.active && (!pickingFreeTable || table.state === 'free'))}
          selected={tableIds}
          onChange={setTableIds}
          showSeats={pickingFreeTable}
        />
      )}
      <FormAlert message={error} />
      <div className="floor-form__actions">
        <button type="button" className="button button--large" onClick={onCancel}>
          {t('form.cancel')}
        </button>
        {pickingFreeTable && onWaitlist && (
          <button
            type="button"
            className="button button--large"
            disabled={busy}
            onClick={() => void joinWaitlist()}
          >
            {t('waitlist.add')}
          </button>
        )}
        <button type="submit" className="button button--primary button--large" disabled={busy}>
          {submitLabel}
        </button>
      </div>
    </form>
  );
}

export interface PhoneFormValues {
  readonly date: string;
  readonly timeSlot: string;
  readonly pax: number;
  readonly name: string;
  readonly phone?: string;
}

/** A reservation taken by phone: through the availability engine, no email needed. */
export function PhoneForm({
  date,
  onSubmit,
  onCancel,
}: {
  readonly date: string;
  readonly onSubmit: (values: PhoneFormValues, idempotencyKey: string) => Promise<void>;
  readonly onCancel: () => void;
}) {
  const { t } = useTranslation('floor');
  const [values, setValues] = useState({ date, time: '21:00', pax: '2', name: '', phone: '' });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [key, setKey] = useState(newIdempotencyKey);
  const id = useId();
  const set = (key: keyof typeof values) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [key]: event.target.value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problem = paxProblem(values.pax);
    if (problem) return setError(t(paxMessageKey(problem)));
    if (values.name.trim() === '') return setError(t('form.nameRequired'));
    setBusy(true);
    setError(null);
    try {
      await onSubmit(
        {
          date: values.date,
          timeSlot: values.time,
          pax: parseDecimalInput(values.pax) ?? 0,
          name: values.name.trim(),
          ...(values.phone.trim() === '' ? {} : { phone: values.phone.trim() }),
        },
        key,
      );
    } catch (failure) {
      setKey(newIdempotencyKey());
      setError(floorErrorText(failure, t));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="floor-form" onSubmit={(event) => void submit(event)} noValidate aria-describedby={id}>
      <Field label={t('form.date')}>
        <input className="floor-input" type="date" value={values.date} onChange={set('date')} />
      </Field>
      <Field label={t('form.time')}>
        <input className="floor-input" type="time" step={900} value={values.time} onChange={set('time')} />
      </Field>
      <Field label={t('form.pax')}>
        <input className="floor-input" inputMode="numeric" value={values.pax} onChange={set('pax')} />
      </Field>
      <Field label={t('form.name')}>
        <input className="floor-input" value={values.name} maxLength={120} onChange={set('name')} />
      </Field>
      <Field label={t('form.phone')}>
        <input className="floor-input" type="tel" value={values.phone} onChange={set('phone')} />
      </Field>
      <FormAlert message={error} />
      <div className="floor-form__actions" id={id}>
        <button type="button" className="button button--large" onClick={onCancel}>
          {t('form.cancel')}
        </button>
        <button type="submit" className="button button--primary button--large" disabled={busy}>
          {t('form.create')}
        </button>
      </div>
    </form>
  );
}

/** The line that names a reservation in lists and pickers, with the reference a guest on the phone gives. */
export function reservationLine(reservation: FloorReservation): string {
  const time = reservation.startDateTime.slice(11, 16);
  const line = `${time} · ${reservation.name} · ${reservation.pax} · ${reservation.table ?? '—'}`;
  return reservation.reference ? `${line} · ${reservation.reference}` : line;
}
