import { useTranslation } from '../i18n/use-translation.ts';
import { LoadingScreen } from '../components/loading-screen.tsx';

/** The loading screen while start-up loads the configuration and the first route's code. */
export function StartupScreen() {
  const { t } = useTranslation('common');
  return <LoadingScreen label={t('status.loading')} />;
}
