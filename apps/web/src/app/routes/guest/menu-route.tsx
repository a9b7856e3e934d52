import { useSuspenseQuery } from '@tanstack/react-query';
import { DEFAULT_LOCALE, isLocale } from '@sobremesa/domain';
import { useLocation, useSearchParams, type LoaderFunctionArgs } from 'react-router';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { MenuPage } from '../../../features/menu/components/menu-page.tsx';
import { prefetchMenu } from '../../../features/menu/prefetch-menu.ts';
import { i18n, initI18n, loadNamespaces } from '../../../i18n/i18n.ts';
import { routeNamespaces } from '../../route-namespaces.ts';
import { useLocale } from '../../../i18n/use-locale.ts';
import { venueConfigQuery } from '../../../lib/config-queries.ts';

/** The menu's texts are in before it shows; the guest's identity and menu are already on their way. */
export async function loader({ request }: LoaderFunctionArgs) {
  // The language decides the menu's query; it is known once the translations run (at once after the first page).
  await initI18n();
  const locale = i18n.resolvedLanguage;
  prefetchMenu(new URL(request.url), isLocale(locale) ? locale : DEFAULT_LOCALE);
  await loadNamespaces(routeNamespaces.menu);
  return null;
}

/** /menu and /carta (spec §2: the same menu screen, titled Menú or Carta). */
export function Component() {
  const { t } = useTranslation('shell');
  const { locale } = useLocale();
  const { pathname } = useLocation();
  const [params, setParams] = useSearchParams();
  const { data: venueConfig } = useSuspenseQuery(venueConfigQuery);
  return (
    <MenuPage
      heading={pathname.startsWith('/carta') ? t('routeTitles.carta') : t('routeTitles.menu')}
      locale={locale}
      venue={{
        currency: venueConfig.currency,
        showLargeProductPicture: venueConfig.weOrderConfig.showLargeProductPicture,
        enableCategoryScroll: venueConfig.enableCategoryScroll,
        clientComments: venueConfig.we_order_client_comments,
        paymentMethods: venueConfig.paymentConfig.methods,
      }}
      uid={params.get('uid')}
      wid={params.get('wid')}
      onJoined={(uid) => setParams({ uid }, { replace: true })}
    />
  );
}
