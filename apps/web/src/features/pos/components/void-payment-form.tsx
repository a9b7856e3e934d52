import { useId, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { posErrorText } from '../pos-errors.ts';
import { FailureNotice } from './failure-notice.tsx';

export interface VoidPaymentFormProps {
  /** Names the payment: "Anular el pago 2 (12,00 €)". */
  readonly label: string;
  readonly onCancel: () => void;
  /** Voids it with the reason; a refusal is thrown and shown here. */
  readonly onVoid: (reason: string) => Promise<void>;
}

/**
 * The second step of voiding a payment: why (the audit keeps it), then a button that says what it does. A
 * void takes money back off the account, so it is never one tap.
 */
export function VoidPaymentForm({ label, onCancel, onVoid }: VoidPaymentFormProps) {
  const { t } = useTranslation('pos');
  const fieldId = useId();
  const errorId = useId();
  const field = useRef<HTMLInputElement>(null);
  const [reason, setReason] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  // In the task that shows the form, so a key pressed at once lands in the field (decision 018).
  useLayoutEffect(() => field.current?.focus(), []);

  async function submit() {
    if (busy) return;
    if (reason.trim() === '') {
      setFailure(t('payments.voidReasonRequired'));
      field.current?.focus();
      return;
    }
    setBusy(true);
    setFailure(null);
    try {
      await onVoid(reason.trim());
    } catch (error) {
      setFailure(posErrorText(error, t, 'errors.voidPayment'));
      setBusy(false);
    }
  }

  return (
    <form
      className="pos-void"
      aria-label={label}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <label className="field__label" htmlFor={fieldId}>
        {t('payments.voidReason')}
      </label>
      <input
        ref={field}
        id={fieldId}
        className="input"
        maxLength={200}
        value={reason}
        aria-invalid={failure !== null && reason.trim() === ''}
        aria-describedby={failure ? errorId : undefined}
        onChange={(event) => setReason(event.target.value)}
      />
      <FailureNotice message={failure} id={errorId} />
      <div className="pos-actions">
        <button type="submit" className="button button--large pos-void__confirm" aria-busy={busy}>
          {t('payments.voidConfirm')}
        </button>
        <button type="button" className="button button--large button--quiet" onClick={onCancel}>
          {t('payments.voidCancel')}
        </button>
      </div>
    </form>
  );
}
