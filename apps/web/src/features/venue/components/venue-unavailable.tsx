import { useTranslation } from '../../../i18n/use-translation.ts';
import './venue-unavailable.css';

/**
 * Spec §8 sends a venue config 404 or 423 (VENUE_SUSPENDED) to the product's main site. There is no main
 * site to send guests to in a self-hosted install, so this page says plainly that the venue is not
 * available (app/README.md).
 */
export function VenueUnavailable({ suspended }: { readonly suspended: boolean }) {
  const { t } = useTranslation('shell');
  return (
    <main id="main" className="venue-unavailable">
      <div className="venue-unavailable__card">
        <p className="venue-unavailable__mark" aria-hidden="true">
          ⌂
        </p>
        <h1 className="venue-unavailable__heading">
          {t(suspended ? 'venueUnavailable.suspendedHeading' : 'venueUnavailable.notFoundHeading')}
        </h1>
        <p className="venue-unavailable__body">
          {t(suspended ? 'venueUnavailable.suspendedBody' : 'venueUnavailable.notFoundBody')}
        </p>
        <button type="button" className="button" onClick={() => window.location.reload()}>
          {t('venueUnavailable.retry')}
        </button>
      </div>
    </main>
  );
}
