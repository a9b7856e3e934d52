import { useTranslation } from '../i18n/use-translation.ts';
import { useRouteError } from 'react-router';
import { RouteErrorScreen } from '../features/shell/components/route-error-screen.tsx';
import { faviconHref, useDocumentHead } from '../features/shell/document-head.ts';
import { VenueUnavailable } from '../features/venue/components/venue-unavailable.tsx';
import { ApiError } from '../lib/api-client.ts';

/** Spec §8: venue config 404, or 423 VENUE_SUSPENDED. */
function venueRefusal(error: unknown): 404 | 423 | null {
  if (!(error instanceof ApiError)) return null;
  return error.status === 404 || error.status === 423 ? error.status : null;
}

/** Start-up or a route failed: the venue is not available, or the code or data could not be loaded. */
export function RootErrorBoundary() {
  const { t } = useTranslation('shell');
  const error = useRouteError();
  const refusal = venueRefusal(error);
  useDocumentHead({
    title: t(refusal ? 'routeTitles.venueUnavailable' : 'routeTitles.error'),
    iconHref: faviconHref('default', undefined),
  });
  if (refusal) return <VenueUnavailable suspended={refusal === 423} />;
  console.error(error);
  return <RouteErrorScreen error={error} />;
}
