import type { VenueConfig } from '@sobremesa/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import './venue-home.css';

const WEEKDAYS = ['1', '2', '3', '4', '5', '6', '7'] as const;

/** /home: the venue's welcome, its services and hours from venue config, and the way to each guest screen. */
export function VenueHome({ venueConfig }: { readonly venueConfig: VenueConfig }) {
  const { t } = useTranslation('shell');
  const closed = WEEKDAYS.filter((day) => venueConfig.reservation_disabled_dow.includes(Number(day)));
  const services = [...new Map(venueConfig.serviceSchedule.map((entry) => [entry.name, entry])).values()];

  return (
    <div className="venue-home">
      <section className="venue-home__hero">
        <h1 className="venue-home__heading">
          {t('placeholders.home.heading', { venue: venueConfig.business_name })}
        </h1>
        <p className="venue-home__lead">{t('placeholders.home.body')}</p>
      </section>
      <nav className="venue-home__actions" aria-label={t('guest.navigation')}>
        <Link className="button button--primary button--large" to="/reservar">
          {t('guest.links.reserve')}
        </Link>
        <Link className="button button--large" to="/carta">
          {t('guest.links.menu')}
        </Link>
        <Link className="button button--large" to="/takeaway-delivery">
          {t('guest.links.takeawayDelivery')}
        </Link>
      </nav>
      {services.length > 0 && (
        <section className="venue-home__hours card" aria-labelledby="venue-home-hours">
          <h2 id="venue-home-hours" className="venue-home__hours-heading">
            {t('placeholders.home.hours')}
          </h2>
          <dl className="venue-home__services">
            {services.map((service) => (
              <div key={service.name} className="venue-home__service">
                <dt>{service.name}</dt>
                <dd>
                  {service.start}–{service.end}
                </dd>
              </div>
            ))}
          </dl>
          {closed.length > 0 && (
            <p className="muted">
              {t('placeholders.home.closedDays', {
                days: closed.map((day) => t(`weekdays.${day}`)).join(', '),
              })}
            </p>
          )}
        </section>
      )}
    </div>
  );
}
