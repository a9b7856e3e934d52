import type { VenueHome } from '@sobremesa/contracts';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { Link } from 'react-router';
import { LanguageSwitcher } from '../../../components/language-switcher/language-switcher.tsx';
import './home-page.css';

const WEEK = [1, 2, 3, 4, 5, 6, 7] as const;

/**
 * /home (spec §2, issue 26 item 7): the venue's name and logo, buttons to book and to see the menu, its
 * opening hours from the service schedule, its rooms, where it is with its map link, and the language.
 * Drawn from one reply (`venue/home`) so the server can render it from the same data.
 */
export function HomePage({ home }: { readonly home: VenueHome }) {
  const { t } = useTranslation('home');
  const { t: shell } = useTranslation('shell');
  const open = new Set(home.hours.flatMap((service) => service.weekdays));
  const closed = home.hours.length > 0 ? WEEK.filter((day) => !open.has(day)) : [];
  const days = (weekdays: readonly number[]) =>
    weekdays.length === 7
      ? t('everyDay')
      : weekdays.map((day) => shell(`weekdays.${day}` as 'weekdays.1')).join(', ');
  const street = [home.address.street, [home.address.postalCode, home.address.city].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');

  return (
    <div className="venue-home">
      <section className="venue-home__hero">
        {home.logoUrl && (
          <img className="venue-home__logo" src={home.logoUrl} alt={t('logo', { venue: home.name })} />
        )}
        <h1 className="venue-home__heading">{home.name}</h1>
        <p className="venue-home__lead">{t('lead')}</p>
      </section>
      <nav className="venue-home__actions" aria-label={shell('guest.navigation')}>
        {home.bookingEnabled && (
          <Link className="button button--primary button--large" to="/reservar">
            {shell('guest.links.reserve')}
          </Link>
        )}
        <Link className="button button--large" to="/carta">
          {shell('guest.links.menu')}
        </Link>
        <Link className="button button--large" to="/takeaway-delivery">
          {shell('guest.links.takeawayDelivery')}
        </Link>
      </nav>
      {home.hours.length > 0 && (
        <section className="venue-home__hours card" aria-labelledby="venue-home-hours">
          <h2 id="venue-home-hours" className="venue-home__hours-heading">
            {t('hours')}
          </h2>
          <dl className="venue-home__services">
            {home.hours.map((service) => (
              <div key={`${service.name}-${service.start}`} className="venue-home__service">
                <dt>{service.name}</dt>
                <dd>
                  {days(service.weekdays)} · {service.start}–{service.end}
                </dd>
              </div>
            ))}
          </dl>
          {closed.length > 0 && <p className="muted">{t('closedDays', { days: days(closed) })}</p>}
        </section>
      )}
      {home.rooms.length > 0 && (
        <section className="venue-home__hours card" aria-labelledby="venue-home-rooms">
          <h2 id="venue-home-rooms" className="venue-home__hours-heading">
            {t('rooms')}
          </h2>
          <ul className="venue-home__rooms">
            {home.rooms.map((room) => (
              <li key={room.id} className="venue-home__room">
                <span>{room.name}</span>
                <span className="muted">{t('roomPax', { count: room.maxPax })}</span>
              </li>
            ))}
          </ul>
        </section>
      )}
      {(street || home.mapUrl) && (
        <section className="venue-home__hours card" aria-labelledby="venue-home-address">
          <h2 id="venue-home-address" className="venue-home__hours-heading">
            {t('address')}
          </h2>
          <address className="venue-home__address">
            {street && <span>{street}</span>}
            {home.mapUrl && (
              <a className="venue-home__map" href={home.mapUrl} target="_blank" rel="noopener noreferrer">
                {t('map')} <span className="visually-hidden">{t('newWindow')}</span>
              </a>
            )}
          </address>
        </section>
      )}
      <section className="venue-home__hours card" aria-labelledby="venue-home-language">
        <h2 id="venue-home-language" className="venue-home__hours-heading">
          {t('language')}
        </h2>
        <LanguageSwitcher />
      </section>
    </div>
  );
}
