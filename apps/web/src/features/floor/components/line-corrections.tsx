import type { FloorReservation, MenuGetResponse } from '@sobremesa/contracts';
import { useState, type FormEvent, type RefObject } from 'react';
import { useTranslation } from '../../../i18n/use-translation.ts';
import type { MoveTarget } from '../api/floor-api.ts';
import { Field } from './floor-forms.tsx';

type Line = NonNullable<FloorReservation['cartSession']>['productOrders'][number];
type DishClass = MenuGetResponse['dishClasses'][number];

interface PanelProps {
  readonly line: Line;
  readonly busy: boolean;
  /** The panel's safe answer takes the focus when it opens. */
  readonly backRef: RefObject<HTMLButtonElement | null>;
  readonly onBack: () => void;
}

/** Another course for a line not started yet (update-dish-class): the venue's courses, its own marked. */
export function CoursePicker({
  line,
  dishClasses,
  busy,
  backRef,
  onBack,
  onPick,
}: PanelProps & {
  readonly dishClasses: readonly DishClass[];
  readonly onPick: (dishClass: DishClass) => void;
}) {
  const { t } = useTranslation('floor');
  const label = t('lines.course.title', { name: line.name });
  return (
    <div className="floor-line__confirm floor-line__panel" role="group" aria-label={label}>
      <span>{label}</span>
      {[...dishClasses]
        .sort((a, b) => a.sortOrder - b.sortOrder)
        .map((dishClass) => {
          const current = dishClass.id === line.dishClass;
          return (
            <button
              key={dishClass.id}
              type="button"
              className="button button--large"
              aria-pressed={current}
              aria-busy={busy}
              disabled={current}
              onClick={() => {
                if (!busy) onPick(dishClass);
              }}
            >
              {dishClass.name}
            </button>
          );
        })}
      <button ref={backRef} type="button" className="button button--large" onClick={onBack}>
        {t('lines.back')}
      </button>
    </div>
  );
}

/**
 * A line (with its menu courses) moved to another open account of the day, or to a new account at the
 * same table (modify-reservation): the usual way to split a bill by guests.
 */
export function MovePicker({
  line,
  from,
  accounts,
  busy,
  backRef,
  onBack,
  onMove,
}: PanelProps & {
  readonly from: FloorReservation;
  readonly accounts: readonly FloorReservation[];
  readonly onMove: (target: MoveTarget, targetName: string) => Promise<boolean>;
}) {
  const { t } = useTranslation('floor');
  const [name, setName] = useState(() => t('lines.move.defaultName', { name: from.name }));
  const [pax, setPax] = useState('1');
  const label = t('lines.move.title', { name: line.name });
  const others = accounts.filter(
    (account) => account.id !== from.id && (account.state === 'seated' || account.state === 'for_payment'),
  );
  const paxNumber = Number(pax);
  const valid = name.trim() !== '' && Number.isInteger(paxNumber) && paxNumber >= 1;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!valid || busy) return;
    void onMove({ newReservation: { name: name.trim(), pax: paxNumber } }, name.trim());
  }

  return (
    <div className="floor-line__confirm floor-line__panel floor-line__move" role="group" aria-label={label}>
      <span>{label}</span>
      {others.length === 0 ? (
        <p className="muted">{t('lines.move.none')}</p>
      ) : (
        <ul className="floor-line__targets">
          {others.map((account) => {
            const text = account.table ? `${account.table} · ${account.name}` : account.name;
            return (
              <li key={account.id}>
                <button
                  type="button"
                  className="button button--large"
                  aria-busy={busy}
                  onClick={() => {
                    if (!busy) void onMove({ targetReservationId: account.id }, text);
                  }}
                >
                  {text}
                </button>
              </li>
            );
          })}
        </ul>
      )}
      <form className="floor-line__new-account" onSubmit={submit}>
        <span className="floor-line__new-title">{t('lines.move.newAccount')}</span>
        <Field label={t('lines.move.name')}>
          <input
            className="floor-input"
            value={name}
            maxLength={60}
            required
            onChange={(event) => setName(event.target.value)}
          />
        </Field>
        <Field label={t('lines.move.pax')}>
          <input
            className="floor-input"
            inputMode="numeric"
            value={pax}
            required
            onChange={(event) => setPax(event.target.value)}
          />
        </Field>
        <button
          type="submit"
          className="button button--large button--primary"
          disabled={!valid}
          aria-busy={busy}
        >
          {t('lines.move.submit')}
        </button>
      </form>
      <button ref={backRef} type="button" className="button button--large" onClick={onBack}>
        {t('lines.back')}
      </button>
    </div>
  );
}
