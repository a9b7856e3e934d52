import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from '../i18n/use-translation.ts';
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
 * The page, inert while a modal is open. Its own component, so opening a modal re-renders this element
 * only: the page beneath keeps its rendered tree (a carta of 200 dishes) instead of drawing it again.
 */
function InertWhileModalOpen({ children }: { readonly children: ReactNode }) {
  return (
    <div className="app" inert={useIsModalOpen()}>
      {children}
    </div>
  );
}

/**
 * What every route renders inside: the document's title, icon and body class for the matched route, the
 * loading screen between routes, cookie consent, and toasts. While a modal is open the page is inert.
 */
export function RootLayout() {
  const { t } = useTranslation('shell');
  const navigation = useNavigation();
  const handle = useRouteHandle();
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
      <InertWhileModalOpen>
        <Outlet />
        <ConsentBanners privacyPolicy={venueConfig?.privacyPolicy} />
      </InertWhileModalOpen>
      <NavigationProgress
        busy={navigation.state === 'loading'}
        label={t('status.loading', { ns: 'common' })}
      />
      <Toaster />
    </ConsentProvider>
  );
}
