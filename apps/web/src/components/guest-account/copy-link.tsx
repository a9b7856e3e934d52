import { useId, useRef, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';

/**
 * The link copied: through the Clipboard API where the page may use it, else (a page on the venue's
 * plain-HTTP LAN address has no `navigator.clipboard`) by copying the selected field as browsers always
 * could. Either way the field is left selected, for copying by hand if both fail.
 */
async function copyField(input: HTMLInputElement, url: string): Promise<boolean> {
  input.select();
  if (typeof navigator.clipboard?.writeText === 'function') {
    return navigator.clipboard.writeText(url).then(
      () => true,
      () => false,
    );
  }
  // Deprecated, and still the one copy a page that is no secure context may make.
  return document.execCommand('copy');
}

/**
 * A link to pass on without email (decision 040): shown in full, copied with one tap, and handed to the
 * phone's share sheet where there is one.
 */
export function CopyLink({ url, label }: { readonly url: string; readonly label: string }) {
  const { t } = useTranslation('guestAccount');
  const id = useId();
  const [copied, setCopied] = useState<boolean | null>(null);
  const field = useRef<HTMLInputElement>(null);
  const canShare = typeof navigator !== 'undefined' && typeof navigator.share === 'function';
  return (
    <div className="guest-account__form">
      <label htmlFor={id}>{label}</label>
      <input ref={field} id={id} readOnly value={url} onFocus={(event) => event.currentTarget.select()} />
      <div className="guest-account__actions">
        <button
          type="button"
          className="button button--large"
          onClick={() => {
            if (field.current) void copyField(field.current, url).then(setCopied);
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
