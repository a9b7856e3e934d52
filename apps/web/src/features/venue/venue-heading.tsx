import { useEffect } from 'react';
import { texts } from '../../i18n/texts.ts';
import { useVenueName } from './use-venue-name.ts';

/** The page's main heading: the venue's business name. */
export function VenueHeading() {
  const venue = useVenueName();
  useDocumentTitle(venue.status === 'ready' ? `${venue.name} · ${texts.appName}` : texts.appName);
  if (venue.status === 'error') {
    return (
      <>
        <h1>{texts.appName}</h1>
        <p role="alert" className="notice notice--error">
          {texts.venueUnavailable}
        </p>
      </>
    );
  }
  return (
    <h1 aria-busy={venue.status === 'loading'}>
      {venue.status === 'ready' ? venue.name : texts.loadingVenue}
    </h1>
  );
}

function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = title;
  }, [title]);
}
