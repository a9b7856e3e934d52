import { useId, useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { TillCalls } from '../api/till-api.ts';
import { tillErrorText } from '../till-errors.ts';

export interface ReopenShiftProps {
  readonly shiftId: number;
  readonly calls: TillCalls;
  readonly onDone: () => void;
}

/**
 * Reopening the last shift, closed by mistake: why (the audit keeps it, with who and when), then a button
 * that says what it does. Its close figures go and are taken again by the next count.
 */
export function ReopenShift({ shiftId, calls, onDone }: ReopenShiftProps) {
  const { t } = useTranslation('till');
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const field = useRef<HTMLInputElement>(null);
  const fieldId = useId();
  const errorId = useId();

  useLayoutEffect(() => field.current?.focus(), []);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    if (reason.trim() === '') {
      setFailure(t('reopen.reasonRequired'));
      field.current?.focus();
      return;
    }
    setBusy(true);
    setFailure(null);
    try {
      await calls.reopen(shiftId, reason.trim());
      onDone();
    } catch (error) {
      setFailure(tillErrorText(error, t, 'errors.reopen'));
      setBusy(false);
    }
  }

  return (
    <form className="till-reopen" onSubmit={(event) => void submit(event)}>
      <p>{t('reopen.hint')}</p>
      <div className="field">
        <label className="field__label" htmlFor={fieldId}>
          {t('reopen.reason')}
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
        {t('reopen.submit')}
      </button>
    </form>
  );
}
