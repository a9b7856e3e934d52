import { useId, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { FailureNotice } from './failure-notice.tsx';

export interface ReasonFormProps {
  readonly className: string;
  /** Names the form where the screen around it does not (one payment among several). */
  readonly label?: string;
  readonly fieldLabel: string;
  /** Said when the form is sent without a reason. */
  readonly missingText: string;
  /** The write's refusal, as the screen words it. */
  readonly failure: string | null;
  readonly onSubmit: (reason: string) => void;
  /** Shown above the field: what the write does. */
  readonly children?: ReactNode;
  /** The form's buttons, its submit first. */
  readonly actions: ReactNode;
}

/**
 * A write the audit keeps with its reason (voiding a payment, reopening a shift): the reason, never empty,
 * then buttons that say what they do. The field takes the focus as the form appears.
 */
export function ReasonForm(props: ReasonFormProps) {
  const { className, label, fieldLabel, missingText, failure, onSubmit, children, actions } = props;
  const fieldId = useId();
  const errorId = useId();
  const field = useRef<HTMLInputElement>(null);
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const shown = missing ? missingText : failure;

  // In the task that shows the form, so a key pressed at once lands in the field (decision 018).
  useLayoutEffect(() => field.current?.focus(), []);

  return (
    <form
      className={className}
      aria-label={label}
      onSubmit={(event) => {
        event.preventDefault();
        const given = reason.trim();
        setMissing(given === '');
        if (given === '') field.current?.focus();
        else onSubmit(given);
      }}
    >
      {children}
      <div className="field">
        <label className="field__label" htmlFor={fieldId}>
          {fieldLabel}
        </label>
        <input
          ref={field}
          // Inside a dialog the modal focuses it as it opens, after this form's own focus.
          data-autofocus
          id={fieldId}
          className="input"
          maxLength={200}
          value={reason}
          aria-invalid={shown !== null && reason.trim() === ''}
          aria-describedby={shown ? errorId : undefined}
          onChange={(event) => setReason(event.target.value)}
        />
      </div>
      <FailureNotice message={shown} id={errorId} />
      {actions}
    </form>
  );
}
