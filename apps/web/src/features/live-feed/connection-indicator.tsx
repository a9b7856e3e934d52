import { useTranslation } from '../../i18n/use-translation.ts';
import { useConnectionState } from '../../lib/realtime.tsx';
import './live-feed.css';

/** The live connection's real state as a labelled pill: colour, dot and word, never colour alone. */
export function ConnectionIndicator({ className = '' }: { readonly className?: string }) {
  const { t } = useTranslation('feedback');
  const state = useConnectionState();
  return (
    <p className={`connection ${className}`.trim()}>
      <span className="visually-hidden">{t('connection.label')}: </span>
      <span role="status" className={`pill connection__pill connection__pill--${state}`} data-state={state}>
        <span className="pill__dot" aria-hidden="true" />
        {t(`connection.${state}`)}
      </span>
    </p>
  );
}
