import { useId, useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { FailureNotice } from '../../../components/failure-notice.tsx';
import { toast } from '../../../components/toast/toast-store.ts';
import { isNegativeAmount, parseAmountCents } from '../../../lib/amount-input.ts';
import { useMoveCash } from '../api/move-cash.ts';
import { fieldRefused, tillErrorText } from '../till-errors.ts';
import { MOVEMENT_REASONS, movementReasonText, movementTypeOf, type MovementReason } from '../till-model.ts';
import { SubmitButton } from './submit-button.tsx';

export interface CashMovementProps {
  readonly drawerId: number;
  /** Out (0, a supplier paid) or in (1, change brought in), as the button that opened it said. */
  readonly initialType: 0 | 1;
  readonly roleId: number | null;
  readonly onDone: () => void;
}

/**
 * Cash in or out of the drawer outside sales, with its amount and reason (cash-drawer-transaction). The
 * server's message says how it went, as the spec words it: 'Transacción de caja registrada correctamente'
 * or 'Ha ocurrido un error registrando el movimiento de caja'.
 */
export function CashMovement({ drawerId, initialType, roleId, onDone }: CashMovementProps) {
  const { t } = useTranslation('till');
  const [chosenType, setChosenType] = useState<0 | 1>(initialType);
  const [reason, setReason] = useState<MovementReason>(initialType === 0 ? 'supplier' : 'change');
  const [amount, setAmount] = useState('');
  const [note, setNote] = useState('');
  const moving = useMoveCash(roleId);
  // What the form found wrong before sending; the server's refusal otherwise.
  const [invalid, setInvalid] = useState<string | null>(null);
  const negative = isNegativeAmount(amount);
  const failure =
    (negative ? t('negative') : invalid) ??
    (moving.isError ? tillErrorText(moving.error, t, 'errors.movement') : null);
  // The amount is at fault when it is negative, or more than the drawer holds (the server's refusal).
  const amountFailed = negative || (moving.isError && fieldRefused(moving.error, 'amount'));
  const amountField = useRef<HTMLInputElement>(null);
  const amountId = useId();
  const noteId = useId();
  const errorId = useId();
  const type = movementTypeOf(reason, chosenType);

  useLayoutEffect(() => amountField.current?.focus(), []);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (moving.isPending) return;
    const cents = parseAmountCents(amount);
    if (negative || cents === null || cents <= 0) {
      setInvalid(t('movement.invalidAmount'));
      amountField.current?.focus();
      return;
    }
    if (reason === 'other' && note.trim() === '') {
      setInvalid(t('movement.noteRequired'));
      return;
    }
    setInvalid(null);
    moving.mutate(
      {
        cashDrawerId: drawerId,
        type,
        amount: cents,
        reason: movementReasonText(t(`movement.reasons.${reason}`), note),
      },
      {
        onSuccess: (reply) => {
          toast.success(reply.message);
          onDone();
        },
      },
    );
  }

  return (
    <form className="till-movement" onSubmit={submit}>
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
          aria-invalid={amountFailed || undefined}
          aria-describedby={failure ? errorId : undefined}
          onChange={(event) => {
            setAmount(event.target.value);
            moving.reset();
          }}
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
      <FailureNotice message={failure} id={errorId} />
      <SubmitButton
        busy={moving.isPending}
        label={t(type === 0 ? 'movement.submitOut' : 'movement.submitIn')}
      />
    </form>
  );
}
