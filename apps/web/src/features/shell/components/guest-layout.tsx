import type { ReactNode } from 'react';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { Link } from 'react-router';
import './guest-layout.css';

interface GuestLayoutProps {
  readonly venueName: string;
  /** The venue's uploaded logo (decision 061), beside its name; none when it has not uploaded one. */
  readonly venueLogoUrl?: string;
  /** The language choice, composed in by the app. */
  readonly languageSwitcher?: ReactNode;
  /** Embedded in the venue's own site (/iframe-reservar, /widget): no header or footer of ours. */
  readonly embedded?: boolean;
  readonly children: ReactNode;
}

/** The frame of the guest pages: mobile first, the venue's name up top, one main landmark. */
export function GuestLayout({
  venueName,
  venueLogoUrl,
  languageSwitcher,
  embedded = false,
  children,
}: GuestLayoutProps) {
  const { t } = useTranslation('shell');
  if (embedded) {
    return (
      <main id="main" className="guest guest--embedded">
        {languageSwitcher && <div className="guest__embedded-language">{languageSwitcher}</div>}
        {children}
      </main>
    );
  }
  return (
    <div className="guest">
      <a className="skip-link" href="#main">
        {t('skipToContent')}
      </a>
      <header className="guest__header">
        <div className="guest__bar">
          <Link to="/home" className="guest__venue">
            {venueLogoUrl && <img className="guest__logo" src={venueLogoUrl} alt="" />}
            {venueName}
          </Link>
          {languageSwitcher}
        </div>
      </header>
      <main id="main" className="guest__main">
        {children}
      </main>
      <footer className="guest__footer">
        <p>{t('guest.footer', { venue: venueName })}</p>
      </footer>
    </div>
  );
}
