import {
  useId,
  useLayoutEffect,
  useRef,
  type FormEvent,
  type InputHTMLAttributes,
  type ReactNode,
  type RefObject,
} from 'react';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { useConsent } from '../../../lib/consent/use-consent.ts';
import { GUEST_FIELD_ORDER, type GuestErrors, type GuestField, type GuestForm } from '../guest-form.ts';

interface DetailsStepProps {
  readonly headingRef: RefObject<HTMLHeadingElement | null>;
  /** What the guest chose in step 1, and the hold's countdown. */
  readonly summary: ReactNode;
  readonly onChangeTable: () => void;
  readonly form: GuestForm;
  readonly onForm: (form: GuestForm) => void;
  readonly errors: GuestErrors;
  /** Errors are shown once the guest tried to submit; from then on they follow the typing. */
  readonly showErrors: boolean;
  readonly submitError: string | null;
  readonly submitting: boolean;
  readonly onSubmit: () => void;
}

/**
 * Step 2: the guest's details. Errors are announced in a summary (`role="alert"`), tied to their fields
 * (`aria-invalid`, `aria-describedby`), and the first wrong field takes the focus.
 */
export function DetailsStep({ headingRef, ...props }: DetailsStepProps) {
  const { t } = useTranslation('reservations');
  const { openPrivacyPolicy } = useConsent();
  const base = useId();
  const fields = useRef<Partial<Record<GuestField, HTMLInputElement | null>>>({});
  // This step's chunk may arrive after the step changed: take the focus once the heading exists.
  useLayoutEffect(() => headingRef.current?.focus(), [headingRef]);
  const { form, errors, showErrors } = props;
  const shown = showErrors ? errors : {};
  const set = (patch: Partial<GuestForm>) => props.onForm({ ...form, ...patch });
  const id = (field: string) => `${base}-${field}`;
  const described = (field: GuestField, hint?: string) =>
    [shown[field] ? id(`${field}-error`) : null, hint ?? null].filter(Boolean).join(' ') || undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (props.submitting) return;
    const first = GUEST_FIELD_ORDER.find((field) => errors[field]);
    if (first) fields.current[first]?.focus();
    props.onSubmit();
  };

  const error = (field: GuestField) =>
    shown[field] ? (
      <p id={id(`${field}-error`)} className="field__error">
        {shown[field]}
      </p>
    ) : null;

  /** The name, email and phone: a label, the input tied to its hint and error, the hint, the error. */
  const textField = (
    field: 'name' | 'email' | 'phone',
    label: ReactNode,
    input: InputHTMLAttributes<HTMLInputElement>,
    hint?: string,
  ) => (
    <div className="field">
      <label htmlFor={id(field)} className="field__label">
        {label}
      </label>
      <input
        ref={(element) => {
          fields.current[field] = element;
        }}
        id={id(field)}
        className="input"
        {...input}
        aria-invalid={Boolean(shown[field])}
        aria-describedby={described(field, hint && id(`${field}-hint`))}
        value={form[field]}
        onChange={(event) => set({ [field]: event.target.value })}
      />
      {hint && (
        <p id={id(`${field}-hint`)} className="field__hint">
          {hint}
        </p>
      )}
      {error(field)}
    </div>
  );

  const problems = GUEST_FIELD_ORDER.filter((field) => shown[field]);

  return (
    <form className="booking__step" onSubmit={submit} noValidate aria-labelledby="booking-step-heading">
      <h2 id="booking-step-heading" ref={headingRef} tabIndex={-1} className="booking__step-heading">
        {t('steps.details')}
      </h2>
      <section className="booking__summary" aria-label={t('summary.label')}>
        {props.summary}
        <button type="button" className="button button--quiet" onClick={props.onChangeTable}>
          {t('actions.change')}
        </button>
      </section>

      <div role="alert" className="booking__errors">
        {problems.length > 0 && (
          <div className="notice notice--error">
            <div className="notice__body">
              <p>{t('errors.title')}</p>
              <ul>
                {problems.map((field) => (
                  <li key={field}>{shown[field]}</li>
                ))}
              </ul>
            </div>
          </div>
        )}
        {props.submitError && (
          <p className="notice notice--error">
            <span className="notice__body">{props.submitError}</span>
          </p>
        )}
      </div>

      {textField('name', t('details.name'), {
        autoComplete: 'name',
        maxLength: 120,
        'aria-required': 'true',
      })}
      {textField(
        'email',
        t('details.email'),
        {
          type: 'email',
          inputMode: 'email',
          autoComplete: 'email',
          maxLength: 254,
          'aria-required': 'true',
        },
        t('details.emailHint'),
      )}
      {textField(
        'phone',
        <>
          {t('details.phone')} <span className="field__optional">({t('details.optional')})</span>
        </>,
        { type: 'tel', inputMode: 'tel', autoComplete: 'tel', maxLength: 32 },
      )}

      <div className="field">
        <label htmlFor={id('comments')} className="field__label">
          {t('details.comments')} <span className="field__optional">({t('details.optional')})</span>
        </label>
        <textarea
          id={id('comments')}
          className="input booking__comments"
          rows={3}
          maxLength={1000}
          aria-describedby={id('comments-hint')}
          value={form.comments}
          onChange={(event) => set({ comments: event.target.value })}
        />
        <p id={id('comments-hint')} className="field__hint">
          {t('details.commentsHint')}
        </p>
      </div>

      <div className="field booking__consent">
        <div className="booking__check">
          <input
            ref={(element) => {
              fields.current.consent = element;
            }}
            id={id('consent')}
            type="checkbox"
            className="booking__checkbox"
            aria-required="true"
            aria-invalid={Boolean(shown.consent)}
            aria-describedby={described('consent')}
            checked={form.consent}
            onChange={(event) => set({ consent: event.target.checked })}
          />
          <label htmlFor={id('consent')}>{t('details.consent')}</label>
        </div>
        <button type="button" className="link-button" onClick={openPrivacyPolicy}>
          {t('details.privacyPolicy')}
        </button>
        {error('consent')}
      </div>

      <button
        type="submit"
        className="button button--primary button--large button--block"
        // Not `disabled`: that would drop the focus while the booking is sent.
        aria-disabled={props.submitting}
        aria-busy={props.submitting}
      >
        {props.submitting ? t('actions.submitting') : t('actions.submit')}
      </button>
    </form>
  );
}
