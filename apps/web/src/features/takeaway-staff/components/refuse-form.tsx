import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { REFUSAL_REASONS } from '../takeaway-board.ts';

export interface RefuseFormProps {
  readonly number: number;
  readonly busy: boolean;
  readonly onRefuse: (reason: string) => void;
  readonly onCancel: () => void;
}

/**
 * Refusing an order needs its reason, which the guest reads: one of the usual ones in a tap, or typed.
 * An empty reason is refused here, without a call.
 */
export function RefuseForm({ number, busy, onRefuse, onCancel }: RefuseFormProps) {
  const { t } = useTranslation('takeawayStaff');
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (reason.trim() === '') {
      setMissing(true);
      input.current?.focus();
      return;
    }
    onRefuse(reason.trim());
  }

  return (
    <form className="takeaway-refuse" onSubmit={submit} aria-label={t('refuse.label', { number })}>
      <div className="takeaway-refuse__reasons" role="group" aria-label={t('refuse.common')}>
        {REFUSAL_REASONS.map((key) => (
          <button
            key={key}
            type="button"
            className="takeaway-chip"
            aria-pressed={reason === t(`refuse.reasons.${key}`)}
            onClick={() => {
              setReason(t(`refuse.reasons.${key}`));
              setMissing(false);
            }}
          >
            {t(`refuse.reasons.${key}`)}
          </button>
        ))}
      </div>
      <label className="field">
        <span>{t('refuse.reason')}</span>
        <input
          ref={input}
          className="input"
          value={reason}
          maxLength={300}
          autoComplete="off"
          aria-invalid={missing}
          aria-describedby={missing ? `${id}-missing` : undefined}
          onChange={(event) => {
            setReason(event.target.value);
            setMissing(false);
          }}
        />
      </label>
      {missing && (
        <p id={`${id}-missing`} className="notice notice--error" role="alert">
          <span className="notice__body">{t('refuse.missing')}</span>
        </p>
      )}
      <div className="takeaway-order__actions">
        <button type="submit" className="button button--danger button--large" disabled={busy}>
          {t('refuse.submit')}
        </button>
        <button type="button" className="button button--large" onClick={onCancel}>
          {t('refuse.cancel')}
        </button>
      </div>
    </form>
  );
}
