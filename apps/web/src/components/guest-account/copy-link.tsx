import { useId, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';

/**
 * A link to pass on without email (decision 040): shown in full, copied with one tap, and handed to the
 * phone's share sheet where there is one.
 */
export function CopyLink({ url, label }: { readonly url: string; readonly label: string }) {
  const { t } = useTranslation('guestAccount');
  const id = useId();
  const [copied, setCopied] = useState<boolean | null>(null);
  const canShare = typeof navigator !== 'undefined' && typeof navigator.share === 'function';
  return (
    <div className="guest-account__form">
      <label htmlFor={id}>{label}</label>
      <input id={id} readOnly value={url} onFocus={(event) => event.currentTarget.select()} />
      <div className="guest-account__actions">
        <button
          type="button"
          className="button button--large"
          onClick={() => {
            navigator.clipboard.writeText(url).then(
              () => setCopied(true),
              () => setCopied(false),
            );
          }}
        >
          {t('share.copy')}
        </button>
        {canShare && (
          <button
            type="button"
            className="button button--large"
            onClick={() => void navigator.share({ url }).catch(() => undefined)}
          >
            {t('share.share')}
          </button>
        )}
      </div>
      <div role="status">
        {copied === true && <p>{t('share.copied')}</p>}
        {copied === false && <p>{t('share.copyFailed')}</p>}
      </div>
    </div>
  );
}
