import { logicalDate } from '@sobremesa/domain';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { venueConfigQuery } from '../../../lib/config-queries.ts';
import { adminBookingsQuery } from '../api/admin-api.ts';
import { BookingRulesForm } from './booking-rules-form.tsx';
import { BookingsPreview } from './bookings-preview.tsx';
import { ScheduleForm } from './schedule-form.tsx';

/**
 * /ebitdata/reservas (issue 22 item 2, decision 047): the weekly services, the booking rules and the
 * holidays, and a preview of the times a guest would be offered on a day. Closed weekdays and location
 * tags stay on the venue screen.
 */
export function AdminBookings() {
  const { t } = useTranslation('admin');
  const { data } = useSuspenseQuery(adminBookingsQuery);
  const { data: config } = useSuspenseQuery(venueConfigQuery);

  return (
    <div className="admin-page">
      <h1 className="admin-page__title">{t('bookings.title')}</h1>
      <p className="muted">{t('bookings.intro')}</p>
      <BookingsPreview today={logicalDate(new Date(), config.timeZone)} />
      <ScheduleForm saved={data.services} />
      <BookingRulesForm saved={data.bookingRules} />
    </div>
  );
}
