import { useTranslation } from '../../../i18n/use-translation.ts';
import type { TakeawayMode } from '../takeaway-api.ts';
import type { DetailsField, TakeawayDetails } from '../takeaway-form.ts';

interface DetailsProps {
  readonly mode: TakeawayMode;
  readonly details: TakeawayDetails;
  readonly onChange: (details: TakeawayDetails) => void;
  /** The problems to show (after the first try to send). */
  readonly problems: Partial<Record<DetailsField, true>>;
  /** The delivery zone the postal code falls in (its fee), or that it falls in none. */
  readonly zoneNote: string | null;
  /** The "use my location" button, when the venue has radius zones; what sharing it found. */
  readonly locate: { onLocate: () => void; busy: boolean; note: string | null } | null;
}

type TextField = Exclude<keyof TakeawayDetails, 'notes'>;

/** Name, phone, email and, for delivery, the address: each error tied to its field for screen readers. */
export function TakeawayDetailsFields({ mode, details, onChange, problems, zoneNote, locate }: DetailsProps) {
  const { t } = useTranslation('takeaway');
  const set = (patch: Partial<TakeawayDetails>) => onChange({ ...details, ...patch });
  const field = (
    name: TextField,
    problem: DetailsField | null,
    input: { type: string; autoComplete: string; inputMode?: 'tel' | 'email' | 'text' },
    note?: string | null,
  ) => {
    const wrong = problem !== null && problems[problem] === true;
    const describedBy = [wrong ? `takeaway-${name}-error` : null, note ? `takeaway-${name}-note` : null]
      .filter(Boolean)
      .join(' ');
    return (
      <div className="field">
        <label htmlFor={`takeaway-${name}`} className="field__label">
          {t(`details.${name}`)}
        </label>
        <input
          id={`takeaway-${name}`}
          className="input"
          type={input.type}
          autoComplete={input.autoComplete}
          inputMode={input.inputMode}
          value={details[name]}
          required
          aria-invalid={wrong || undefined}
          aria-describedby={describedBy || undefined}
          onChange={(event) => set({ [name]: event.target.value })}
        />
        {wrong && problem && (
          <p id={`takeaway-${name}-error`} className="field__error">
            {t(`errors.${problem}`)}
          </p>
        )}
        {note && (
          <p id={`takeaway-${name}-note`} className="field__hint" aria-live="polite">
            {note}
          </p>
        )}
      </div>
    );
  };
  return (
    <fieldset className="takeaway__section">
      <legend>
        <h2>{t('details.heading')}</h2>
      </legend>
      {field('name', 'name', { type: 'text', autoComplete: 'name' })}
      {field('phone', 'phone', { type: 'tel', autoComplete: 'tel', inputMode: 'tel' })}
      {field('email', 'email', { type: 'email', autoComplete: 'email', inputMode: 'email' })}
      {mode === 'delivery' && (
        <>
          {field('address', 'address', { type: 'text', autoComplete: 'street-address' })}
          {field('postalCode', null, { type: 'text', autoComplete: 'postal-code' }, zoneNote)}
          {locate && (
            <div className="field">
              <p id="takeaway-locate-hint" className="field__hint">
                {t('details.locationHint')}
              </p>
              <button
                type="button"
                className="button"
                disabled={locate.busy}
                aria-describedby="takeaway-locate-hint"
                onClick={locate.onLocate}
              >
                {locate.busy ? t('details.locating') : t('details.locate')}
              </button>
              <p className="field__hint" aria-live="polite">
                {locate.note}
              </p>
            </div>
          )}
        </>
      )}
      <div className="field">
        <label htmlFor="takeaway-notes" className="field__label">
          {t('details.notes')}
        </label>
        <textarea
          id="takeaway-notes"
          className="input"
          maxLength={1000}
          value={details.notes}
          onChange={(event) => set({ notes: event.target.value })}
        />
      </div>
    </fieldset>
  );
}
