import { useLayoutEffect, useId, useRef, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { useChunk } from '../../lib/use-chunk.ts';
import { useConsent } from '../../lib/consent/use-consent.ts';
import './consent.css';

// Every page shows the banner, few guests open the policy: its modal (and the modal's code) is fetched when opened.
const importPrivacyPolicy = () => import('./privacy-policy-modal.tsx');

interface ConsentBannersProps {
  /** The venue's own policy (`venueConfig.privacyPolicy`); empty or absent shows the default text. */
  readonly privacyPolicy?: string;
}

/** The cookie banner while nobody has chosen, the "¡Cuidado!" warning after a rejection, and the privacy modal. */
export function ConsentBanners({ privacyPolicy }: ConsentBannersProps) {
  const { state, privacyPolicyOpen, closePrivacyPolicy } = useConsent();
  const PrivacyPolicyModal = useChunk(importPrivacyPolicy, privacyPolicyOpen)?.PrivacyPolicyModal;
  const [rejectedHere, setRejectedHere] = useState(false);
  return (
    <>
      {state === 'unknown' && <CookieBanner onReject={() => setRejectedHere(true)} />}
      {state === 'rejected' && <RejectedWarning takeFocus={rejectedHere} />}
      {PrivacyPolicyModal && (
        <PrivacyPolicyModal open={privacyPolicyOpen} text={privacyPolicy} onClose={closePrivacyPolicy} />
      )}
    </>
  );
}

function CookieBanner({ onReject }: { readonly onReject: () => void }) {
  const { t } = useTranslation('consent');
  const { accept, reject, openPrivacyPolicy } = useConsent();
  const titleId = useId();
  return (
    <section className="consent-banner" aria-labelledby={titleId}>
      <h2 id={titleId} className="consent-banner__title">
        {t('banner.title')}
      </h2>
      <p className="consent-banner__text">
        {t('banner.text')}{' '}
        <button type="button" className="consent-banner__link" onClick={openPrivacyPolicy}>
          {t('banner.privacyPolicy')}
        </button>
      </p>
      <div className="consent-banner__actions">
        <button
          type="button"
          className="button"
          onClick={() => {
            onReject();
            reject();
          }}
        >
          {t('banner.reject')}
        </button>
        <button type="button" className="button button--primary" onClick={accept}>
          {t('banner.accept')}
        </button>
      </div>
    </section>
  );
}

function RejectedWarning({ takeFocus }: { readonly takeFocus: boolean }) {
  const { t } = useTranslation('consent');
  const { accept } = useConsent();
  const [dismissed, setDismissed] = useState(false);
  const titleId = useId();
  const title = useRef<HTMLHeadingElement>(null);
  // The Reject button that had focus is gone: move it to the warning so keyboard and screen-reader users hear it.
  useLayoutEffect(() => {
    if (takeFocus) title.current?.focus();
  }, [takeFocus]);
  if (dismissed) return null;
  return (
    <section className="consent-banner consent-banner--warning" aria-labelledby={titleId}>
      <h2 id={titleId} ref={title} tabIndex={-1} className="consent-banner__title">
        {t('rejected.title')}
      </h2>
      <p className="consent-banner__text">{t('rejected.text')}</p>
      <div className="consent-banner__actions">
        <button type="button" className="button" onClick={() => setDismissed(true)}>
          {t('rejected.dismiss')}
        </button>
        <button type="button" className="button button--primary" onClick={accept}>
          {t('rejected.accept')}
        </button>
      </div>
    </section>
  );
}
