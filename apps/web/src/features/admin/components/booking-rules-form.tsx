import type { BookingRules } from '@sobremesa/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { AdminSection } from '../../../components/admin/admin-section.tsx';
import { toast } from '../../../components/toast/toast-store.ts';
import { adminCalls, useBookingSettingsWrite } from '../api/venue-writes.ts';
import { AdminField, errorAt, saveFailure } from './admin-field.tsx';
import { DraftList } from './draft-rows.tsx';
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
    <AdminSection id="bookings-rules" title={t('bookings.rules.title')} intro={t('bookings.rules.intro')}>
      <form className="admin-section__form" noValidate onSubmit={submit}>
        <DraftList
          legend={t('bookings.rules.stays')}
          idPrefix="stay"
          rows={draft.stayRules}
          fields={[
            { key: 'fromPax', id: 'from', label: t('bookings.rules.fromPax'), type: 'number' },
            { key: 'minutes', id: 'minutes', label: t('bookings.rules.minutes'), type: 'number' },
          ]}
          errorOf={(index, key) => at(`stayRules.${index}.${key}`)}
          removeLabel={(rule) => t('bookings.rules.removeStay', { pax: rule.fromPax })}
          onChange={(stayRules) => setDraft((current) => ({ ...current, stayRules }))}
          listError={draft.stayRules.some((_, i) => at(`stayRules.${i}`)) ? undefined : at('stayRules')}
          addLabel={t('bookings.rules.addStay')}
          newRow={{ fromPax: Number.NaN, minutes: 120 }}
        />
        <AdminField
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
        <AdminField
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
        <DraftList
          legend={t('bookings.rules.closedDates')}
          empty={t('bookings.rules.noClosedDates')}
          idPrefix="closed"
          rows={draft.closedDates}
          fields={[
            { key: 'date', id: 'date', label: t('bookings.rules.closedDate'), type: 'date' },
            { key: 'name', id: 'name', label: t('bookings.rules.closedName'), type: 'text' },
          ]}
          errorOf={(index, key) => at(`closedDates.${index}.${key}`)}
          removeLabel={(entry) => t('bookings.rules.removeClosed', { date: entry.date })}
          onChange={(closedDates) => setDraft((current) => ({ ...current, closedDates }))}
          listError={at('closedDates')}
          addLabel={t('bookings.rules.addClosed')}
          newRow={{ date: '', name: '' }}
        />
        <SaveFooter failure={failure?.message} busy={saving} label={t('save')} />
      </form>
    </AdminSection>
  );
}
