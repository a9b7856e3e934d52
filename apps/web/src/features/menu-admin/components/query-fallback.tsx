import { useTranslation } from '../../../i18n/use-translation.ts';

/** What an overlay shows while its data loads, or when it could not be read (with a retry). */
export function QueryFallback({
  failed,
  onRetry,
}: {
  readonly failed: boolean;
  readonly onRetry: () => void;
}) {
  const { t } = useTranslation('commander');
  if (!failed) return <p className="commander-hint">{t('loading')}</p>;
  return (
    <div role="alert" className="commander-hint">
      <p>{t('errors.menu')}</p>
      <button type="button" className="button button--large" onClick={onRetry}>
        {t('retry')}
      </button>
    </div>
  );
}
