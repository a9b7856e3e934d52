import { useId, useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../components/toast/toast-store.ts';
import { parseAmountCents } from '../../../lib/amount-input.ts';
import type { TillCalls } from '../api/till-api.ts';
import { tillErrorText } from '../till-errors.ts';
import { MOVEMENT_REASONS, movementReasonText, movementTypeOf, type MovementReason } from '../till-model.ts';

export interface CashMovementProps {
  readonly drawerId: number;
  /** Out (0, a supplier paid) or in (1, change brought in), as the button that opened it said. */
  readonly initialType: 0 | 1;
  readonly calls: TillCalls;
  readonly onDone: () => void;
}

/**
 * Cash in or out of the drawer outside sales, with its amount and reason (cash-drawer-transaction). The
 * server's message says how it went, as the spec words it: 'Transacción de caja registrada correctamente'
 * or 'Ha ocurrido un error registrando el movimiento de caja'.
 */
export function CashMovement({ drawerId, initialType, calls, onDone }: CashMovementProps) {
  const { t } = useTranslation('till');
  const [chosenType, setChosenType] = useState<0 | 1>(initialType);
  const [reason, setReason] = useState<MovementReason>(initialType === 0 ? 'supplier' : 'change');
  const [amount, setAmount] = useState('');
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const amountField = useRef<HTMLInputElement>(null);
  const amountId = useId();
  const noteId = useId();
  const errorId = useId();
  const type = movementTypeOf(reason, chosenType);

  useLayoutEffect(() => amountField.current?.focus(), []);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const cents = parseAmountCents(amount);
    if (cents === null || cents <= 0) {
      setFailure(t('movement.invalidAmount'));
      amountField.current?.focus();
      return;
    }
    if (reason === 'other' && note.trim() === '') {
      setFailure(t('movement.noteRequired'));
      return;
    }
    setBusy(true);
    setFailure(null);
    try {
      const reply = await calls.movement(
        drawerId,
        type,
        cents,
        movementReasonText(t(`movement.reasons.${reason}`), note),
      );
      toast.success(reply.message);
      onDone();
    } catch (error) {
      setFailure(tillErrorText(error, t, 'errors.movement'));
      setBusy(false);
    }
  }

  return (
    <form className="till-movement" onSubmit={(event) => void submit(event)}>
      <fieldset className="till-choice">
        <legend>{t('movement.reason')}</legend>
        {MOVEMENT_REASONS.map((option) => (
          <button
            key={option}
            type="button"
            className="till-chip"
            aria-pressed={reason === option}
            onClick={() => setReason(option)}
          >
            {t(`movement.reasons.${option}`)}
          </button>
        ))}
      </fieldset>
      <fieldset className="till-choice">
        <legend>{t('movement.direction')}</legend>
        {([0, 1] as const).map((option) => (
          <button
            key={option}
            type="button"
            className="till-chip"
            aria-pressed={type === option}
            disabled={reason !== 'other'}
            onClick={() => setChosenType(option)}
          >
            {t(option === 0 ? 'movement.out' : 'movement.in')}
          </button>
        ))}
      </fieldset>
      <div className="field">
        <label className="field__label" htmlFor={amountId}>
          {t('movement.amount')}
        </label>
        <input
          ref={amountField}
          id={amountId}
          className="input"
          inputMode="decimal"
          autoComplete="off"
          value={amount}
          aria-describedby={failure ? errorId : undefined}
          onChange={(event) => setAmount(event.target.value)}
        />
      </div>
      <div className="field">
        <label className="field__label" htmlFor={noteId}>
          {t(reason === 'other' ? 'movement.note' : 'movement.noteOptional')}
        </label>
        <input
          id={noteId}
          className="input"
          maxLength={150}
          value={note}
          onChange={(event) => setNote(event.target.value)}
        />
      </div>
      <div role="alert">
        {failure && (
          <p id={errorId} className="notice notice--error">
            <span className="notice__body">{failure}</span>
          </p>
        )}
      </div>
      <button
        type="submit"
        className="button button--primary button--large button--block"
        aria-busy={busy}
        disabled={busy}
      >
        {t(type === 0 ? 'movement.submitOut' : 'movement.submitIn')}
      </button>
    </form>
  );
}
