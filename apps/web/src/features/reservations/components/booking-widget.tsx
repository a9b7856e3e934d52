import { addDays } from '@sobremesa/domain';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { useLocale } from '../../../i18n/use-locale.ts';
import { bookingSetupQuery } from '../api/booking-queries.ts';
import { dayState } from '../../../components/date-picker/calendar.ts';
import { formatShortDate } from '../format-booking.ts';
import './reservations.css';

/** The party size the widget starts with: the most common booking. */
const DEFAULT_PAX = 2;

/**
 * /widget (spec §2 reservation widget): the smallest way into a booking for a venue's site, a day (only the
 * bookable ones), a party size and "Reservar", which opens the full form in a new tab with both chosen. A plain
 * GET form: it works before any script of ours runs in the new tab, and takes no table until the guest picks
 * a time there.
 */
export function BookingWidget({ venueName }: { readonly venueName: string }) {
  const { t } = useTranslation('reservations');
  const { locale } = useLocale();
  const { data: setup } = useSuspenseQuery(bookingSetupQuery);
  const rules = setup.bookingWindow;
  const dateId = useId();
  const paxId = useId();
  const dates: string[] = [];
  for (let date = rules.firstDate; date <= rules.lastDate; date = addDays(date, 1)) {
    if (dayState(date, rules) === 'open') dates.push(date);
  }
  const tomorrow = addDays(rules.firstDate, 1);
  const label = (date: string) => {
    const short = formatShortDate(date, locale);
    if (date === rules.firstDate) return `${t('widget.today')} · ${short}`;
    if (date === tomorrow) return `${t('widget.tomorrow')} · ${short}`;
    return short;
  };
  return (
    <form className="widget" action="/reservar" method="get" target="_blank">
      <h1 className="widget__heading">{t('widget.heading', { venue: venueName })}</h1>
      <input type="hidden" name="source" value="widget" />
      <div className="widget__fields">
        <div className="field">
          <label htmlFor={dateId} className="field__label">
            {t('widget.date')}
          </label>
          <select id={dateId} name="date" className="select" defaultValue={dates[0]}>
            {dates.map((date) => (
              <option key={date} value={date}>
                {label(date)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={paxId} className="field__label">
            {t('pax.label')}
          </label>
          <select id={paxId} name="pax" className="select" defaultValue={Math.min(DEFAULT_PAX, rules.maxPax)}>
            {Array.from({ length: rules.maxPax }, (_, index) => index + 1).map((count) => (
              <option key={count} value={count}>
                {t('people', { count })}
              </option>
            ))}
          </select>
        </div>
      </div>
      <button type="submit" className="button button--primary button--block">
        {t('widget.submit')}
        <span className="visually-hidden"> ({t('widget.opensNewTab')})</span>
      </button>
    </form>
  );
}
