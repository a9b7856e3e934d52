import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { AdminSection } from '../../../components/admin/admin-section.tsx';
import { adminBookingsPreviewQuery } from '../api/admin-api.ts';

/** The times a guest would be offered on a chosen day for a party, as the booking form would show them. */
export function BookingsPreview(props: { readonly today: string }) {
  const { t } = useTranslation('admin');
  const [date, setDate] = useState(props.today);
  const [pax, setPax] = useState(2);
  const valid = /^\d{4}-\d{2}-\d{2}$/.test(date) && Number.isInteger(pax) && pax >= 1 && pax <= 99;
  const preview = useQuery({ ...adminBookingsPreviewQuery(date, pax), enabled: valid });
  const data = preview.data;

  return (
    <AdminSection
      id="bookings-preview"
      title={t('bookings.preview.title')}
      intro={t('bookings.preview.intro')}
    >
      <div className="admin-bookings__row">
        <div className="field">
          <label htmlFor="preview-date" className="field__label">
            {t('bookings.preview.date')}
          </label>
          <input
            id="preview-date"
            className="input"
            type="date"
            value={date}
            onChange={(event) => setDate(event.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor="preview-pax" className="field__label">
            {t('bookings.preview.pax')}
          </label>
          <input
            id="preview-pax"
            className="input"
            type="number"
            min={1}
            max={99}
            value={pax}
            onChange={(event) => setPax(Number(event.target.value))}
          />
        </div>
      </div>
      <div aria-live="polite" data-testid="bookings-preview-result">
        {preview.isError && <p className="notice notice--error">{preview.error.message}</p>}
        {data && data.timeSlots.length === 0 && (
          <p className="muted">{t(`bookings.preview.closed.${data.closedBecause ?? 'full'}` as never)}</p>
        )}
        {data && data.timeSlots.length > 0 && (
          <ul className="admin-bookings__slots" aria-label={t('bookings.preview.times')}>
            {[...new Set(data.timeSlots.map((slot) => slot.timeSlot))].map((time) => (
              <li key={time} className="admin-bookings__slot">
                {time}
              </li>
            ))}
          </ul>
        )}
      </div>
    </AdminSection>
  );
}
