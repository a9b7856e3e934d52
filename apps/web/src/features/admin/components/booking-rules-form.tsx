import type { BookingRules } from '@sobremesa/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../components/toast/toast-store.ts';
import { BookingField, errorAt, saveFailure, type SaveFailure } from './booking-field.tsx';

/**
 * Stays by party size, the largest party, the booking window and the closed dates (holidays), saved whole.
 * An empty largest party means what the floor seats.
 */
export function BookingRulesForm(props: {
  readonly saved: BookingRules;
  readonly save: (rules: BookingRules) => Promise<void>;
}) {
  const { t } = useTranslation('admin');
  const [draft, setDraft] = useState<BookingRules>(props.saved);
  const [failure, setFailure] = useState<SaveFailure | null>(null);
  const [saving, setSaving] = useState(false);
  const at = (path: string) => errorAt(failure, `bookingRules.${path}`);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSaving(true);
    setFailure(null);
    try {
      await props.save(draft);
      toast.success(t('bookings.saved'));
    } catch (error) {
      setFailure(saveFailure(error, t('errors.network')));
    } finally {
      setSaving(false);
    }
  }

  const number = (value: string) => (value === '' ? Number.NaN : Number(value));
  // One row of a list changes; the others stay as they are.
  const setStay = (index: number, patch: Partial<BookingRules['stayRules'][number]>) =>
    setDraft((current) => ({
      ...current,
      stayRules: current.stayRules.map((rule, i) => (i === index ? { ...rule, ...patch } : rule)),
    }));
  const setClosedDate = (index: number, patch: Partial<BookingRules['closedDates'][number]>) =>
    setDraft((current) => ({
      ...current,
      closedDates: current.closedDates.map((entry, i) => (i === index ? { ...entry, ...patch } : entry)),
    }));

  return (
    <section className="card admin-section" aria-labelledby="bookings-rules">
      <h2 id="bookings-rules" className="admin-section__title">
        {t('bookings.rules.title')}
      </h2>
      <p className="muted admin-section__intro">{t('bookings.rules.intro')}</p>
      <form className="admin-section__form" noValidate onSubmit={(event) => void submit(event)}>
        <fieldset className="admin-bookings__group">
          <legend className="field__label">{t('bookings.rules.stays')}</legend>
          {draft.stayRules.map((rule, index) => (
            <div key={index} className="admin-bookings__row">
              <BookingField
                id={`stay-${index}-from`}
                label={t('bookings.rules.fromPax')}
                error={at(`stayRules.${index}.fromPax`)}
                control={(extra) => (
                  <input
                    className="input"
                    type="number"
                    value={rule.fromPax}
                    onChange={(event) => setStay(index, { fromPax: number(event.target.value) })}
                    {...extra}
                  />
                )}
              />
              <BookingField
                id={`stay-${index}-minutes`}
                label={t('bookings.rules.minutes')}
                error={at(`stayRules.${index}.minutes`)}
                control={(extra) => (
                  <input
                    className="input"
                    type="number"
                    value={rule.minutes}
                    onChange={(event) => setStay(index, { minutes: number(event.target.value) })}
                    {...extra}
                  />
                )}
              />
              <button
                type="button"
                className="button button--quiet"
                onClick={() =>
                  setDraft((current) => ({
                    ...current,
                    stayRules: current.stayRules.filter((_, i) => i !== index),
                  }))
                }
              >
                {t('bookings.rules.removeStay', { pax: rule.fromPax })}
              </button>
            </div>
          ))}
          {at('stayRules') && !draft.stayRules.some((_, i) => at(`stayRules.${i}`)) && (
            <p className="admin-field__error">{at('stayRules')}</p>
          )}
          <button
            type="button"
            className="button"
            onClick={() =>
              setDraft((current) => ({
                ...current,
                stayRules: [...current.stayRules, { fromPax: Number.NaN, minutes: 120 }],
              }))
            }
          >
            {t('bookings.rules.addStay')}
          </button>
        </fieldset>
        <BookingField
          id="rules-max-party"
          label={t('bookings.rules.maxPartySize')}
          error={at('maxPartySize')}
          control={(extra) => (
            <input
              className="input"
              type="number"
              value={draft.maxPartySize ?? ''}
              onChange={(event) =>
                setDraft((current) => ({
                  ...current,
                  maxPartySize: event.target.value === '' ? null : Number(event.target.value),
                }))
              }
              {...extra}
            />
          )}
        />
        <BookingField
          id="rules-window"
          label={t('bookings.rules.bookingWindowDays')}
          error={at('bookingWindowDays')}
          control={(extra) => (
            <input
              className="input"
              type="number"
              value={Number.isNaN(draft.bookingWindowDays) ? '' : draft.bookingWindowDays}
              onChange={(event) =>
                setDraft((current) => ({ ...current, bookingWindowDays: number(event.target.value) }))
              }
              {...extra}
            />
          )}
        />
        <fieldset className="admin-bookings__group">
          <legend className="field__label">{t('bookings.rules.closedDates')}</legend>
          {draft.closedDates.length === 0 && <p className="muted">{t('bookings.rules.noClosedDates')}</p>}
          {draft.closedDates.map((entry, index) => (
            <div key={index} className="admin-bookings__row">
              <BookingField
                id={`closed-${index}-date`}
                label={t('bookings.rules.closedDate')}
                error={at(`closedDates.${index}.date`)}
                control={(extra) => (
                  <input
                    className="input"
                    type="date"
                    value={entry.date}
                    onChange={(event) => setClosedDate(index, { date: event.target.value })}
                    {...extra}
                  />
                )}
              />
              <BookingField
                id={`closed-${index}-name`}
                label={t('bookings.rules.closedName')}
                error={at(`closedDates.${index}.name`)}
                control={(extra) => (
                  <input
                    className="input"
                    type="text"
                    value={entry.name}
                    onChange={(event) => setClosedDate(index, { name: event.target.value })}
                    {...extra}
                  />
                )}
              />
              <button
                type="button"
                className="button button--quiet"
                onClick={() =>
                  setDraft((current) => ({
                    ...current,
                    closedDates: current.closedDates.filter((_, i) => i !== index),
                  }))
                }
              >
                {t('bookings.rules.removeClosed', { date: entry.date })}
              </button>
            </div>
          ))}
          {at('closedDates') && <p className="admin-field__error">{at('closedDates')}</p>}
          <button
            type="button"
            className="button"
            onClick={() =>
              setDraft((current) => ({
                ...current,
                closedDates: [...current.closedDates, { date: '', name: '' }],
              }))
            }
          >
            {t('bookings.rules.addClosed')}
          </button>
        </fieldset>
        {failure && (
          <p className="notice notice--error" role="alert">
            {failure.message}
          </p>
        )}
        <div className="admin-section__actions">
          <button type="submit" className="button button--primary" disabled={saving}>
            {saving ? t('saving') : t('save')}
          </button>
        </div>
      </form>
    </section>
  );
}
