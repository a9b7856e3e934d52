import type { BookingRules } from '@sobremesa/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../components/toast/toast-store.ts';
import { adminCalls, useBookingSettingsWrite } from '../api/venue-writes.ts';
import { BookingField, errorAt, saveFailure } from './booking-field.tsx';
import { DraftRows } from './draft-rows.tsx';
import { SaveFooter } from './save-footer.tsx';

/**
 * Stays by party size, the largest party, the booking window and the closed dates (holidays), saved whole.
 * An empty largest party means what the floor seats.
 */
export function BookingRulesForm(props: { readonly saved: BookingRules }) {
  const { t } = useTranslation('admin');
  const [draft, setDraft] = useState<BookingRules>(props.saved);
  const { run, busy: saving, error } = useBookingSettingsWrite();
  const failure = error && saveFailure(error, t('errors.network'));
  const at = (path: string) => errorAt(failure, `bookingRules.${path}`);

  function submit(event: FormEvent) {
    event.preventDefault();
    run(
      () => adminCalls.updateBookingRules({ bookingRules: draft }),
      () => toast.success(t('bookings.saved')),
    );
  }

  const number = (value: string) => (value === '' ? Number.NaN : Number(value));

  return (
    <section className="card admin-section" aria-labelledby="bookings-rules">
      <h2 id="bookings-rules" className="admin-section__title">
        {t('bookings.rules.title')}
      </h2>
      <p className="muted admin-section__intro">{t('bookings.rules.intro')}</p>
      <form className="admin-section__form" noValidate onSubmit={submit}>
        <fieldset className="admin-bookings__group">
          <legend className="field__label">{t('bookings.rules.stays')}</legend>
          <DraftRows
            idPrefix="stay"
            rows={draft.stayRules}
            fields={[
              { key: 'fromPax', id: 'from', label: t('bookings.rules.fromPax'), type: 'number' },
              { key: 'minutes', id: 'minutes', label: t('bookings.rules.minutes'), type: 'number' },
            ]}
            errorOf={(index, key) => at(`stayRules.${index}.${key}`)}
            removeLabel={(rule) => t('bookings.rules.removeStay', { pax: rule.fromPax })}
            onChange={(stayRules) => setDraft((current) => ({ ...current, stayRules }))}
          />
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
          <DraftRows
            idPrefix="closed"
            rows={draft.closedDates}
            fields={[
              { key: 'date', id: 'date', label: t('bookings.rules.closedDate'), type: 'date' },
              { key: 'name', id: 'name', label: t('bookings.rules.closedName'), type: 'text' },
            ]}
            errorOf={(index, key) => at(`closedDates.${index}.${key}`)}
            removeLabel={(entry) => t('bookings.rules.removeClosed', { date: entry.date })}
            onChange={(closedDates) => setDraft((current) => ({ ...current, closedDates }))}
          />
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
        <SaveFooter failure={failure?.message} busy={saving} label={t('save')} />
      </form>
    </section>
  );
}
