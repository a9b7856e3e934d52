import { useTranslation } from '../../../i18n/use-translation.ts';
import { RefreshIcon, WarningIcon } from '../../../components/icons.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { ChunkLoadError } from '../../../lib/lazy-chunk.ts';
import './route-error-screen.css';

/** Which explanation fits the failure. */
function reasonOf(error: unknown): 'routeError.chunkBody' | 'routeError.networkBody' | 'routeError.body' {
  if (error instanceof ChunkLoadError) return 'routeError.chunkBody';
  if (error instanceof ApiError && error.code === 'NETWORK') return 'routeError.networkBody';
  return 'routeError.body';
}

/** What a route shows when its code or data could not be loaded: what happened, and a way out. */
export function RouteErrorScreen({ error }: { readonly error: unknown }) {
  const { t } = useTranslation('shell');
  return (
    <main id="main" className="route-error">
      <div className="route-error__card" role="alert">
        <WarningIcon className="route-error__icon" width={40} height={40} />
        <h1 className="route-error__heading">{t('routeError.heading')}</h1>
        <p className="route-error__body">{t(reasonOf(error))}</p>
        <button
          type="button"
          className="button button--primary button--large"
          onClick={() => window.location.reload()}
        >
          <RefreshIcon />
          {t('routeError.reload')}
        </button>
      </div>
    </main>
  );
}
