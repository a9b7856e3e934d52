import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigation } from 'react-router';
import { useIsModalOpen } from '../components/modal/modal-stack.ts';
import { Toaster } from '../components/toast/toaster.tsx';
import { ConsentBanners } from '../features/consent/consent-banners.tsx';
import { ConsentProvider } from '../features/consent/consent-provider.tsx';
import { useRouteConsent } from '../features/consent/use-route-consent.ts';
import { NavigationProgress } from '../features/shell/components/navigation-progress.tsx';
import { faviconHref, pageTitle, useDocumentHead } from '../features/shell/document-head.ts';
import { useRouteHandle } from '../features/shell/route-handle.ts';
import { venueConfigQuery } from '../lib/config-queries.ts';

/** Spec §2 per route: the consent rule; inside ConsentProvider. */
function RouteConsent() {
  useRouteConsent(useLocation().pathname);
  return null;
}

/**
 * What every route renders inside: the document's title, icon and body class for the matched route, the
 * loading screen between routes, cookie consent, and toasts. While a modal is open the page is inert.
 */
export function RootLayout() {
  const { t } = useTranslation('shell');
  const navigation = useNavigation();
  const handle = useRouteHandle();
  const modalOpen = useIsModalOpen();
  // Loaded by the root loader before anything renders.
  const venueConfig = useQuery(venueConfigQuery).data;

  useDocumentHead({
    title: pageTitle(
      handle ? t(`routeTitles.${handle.title}`) : t('appName', { ns: 'common' }),
      venueConfig?.business_name,
    ),
    iconHref: faviconHref(handle?.favicon ?? 'default', venueConfig),
    ...(handle?.bodyClass ? { bodyClass: handle.bodyClass } : {}),
  });

  return (
    <ConsentProvider>
      <RouteConsent />
      <div className="app" inert={modalOpen}>
        <Outlet />
        <ConsentBanners privacyPolicy={venueConfig?.privacyPolicy} />
      </div>
      <NavigationProgress
        busy={navigation.state === 'loading'}
        label={t('status.loading', { ns: 'common' })}
      />
      <Toaster />
    </ConsentProvider>
  );
}
