import type { Locale } from '@sobremesa/domain';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { serverMessage } from '../../../lib/api-client.ts';
import { useGuestIdentity } from '../use-guest-identity.ts';
import { MenuScreen, type MenuVenue } from './menu-screen.tsx';
import './menu.css';

interface MenuPageProps {
  readonly heading: string;
  readonly locale: Locale;
  readonly venue: MenuVenue;
  /** The `uid` and `wid` query parameters (a guest link, or a table's account QR). */
  readonly uid: string | null;
  readonly wid: string | null;
  /** Puts the guest's own link in the address once they joined, so a reload keeps them. */
  readonly onJoined: (uid: string) => void;
}

/** /menu and /carta (spec §2): the guest is identified first, then the menu loads in their language. */
export function MenuPage({ heading, locale, venue, uid, wid, onJoined }: MenuPageProps) {
  const { t } = useTranslation('menu');
  const identity = useGuestIdentity(uid, wid);

  if (identity.isPending) {
    return (
      <p className="menu-status" role="status">
        {t('loading')}
      </p>
    );
  }
  if (identity.isError) {
    return (
      <div className="notice notice--error" role="alert">
        <p>{t('loadFailed')}</p>
        <button type="button" className="button" onClick={() => void identity.refetch()}>
          {t('retry')}
        </button>
      </div>
    );
  }
  const who = identity.data;
  if (who.kind === 'join') {
    return (
      <JoinForm
        heading={heading}
        onJoin={async (name) => {
          const own = await identity.join({ hostCode: who.hostCode, wid: who.wid, name, locale });
          onJoined(own);
        }}
      />
    );
  }
  return (
    <MenuScreen
      heading={heading}
      locale={locale}
      venue={venue}
      guest={who.kind === 'guest' ? { uid: who.uid, wid: who.wid, user: who.user } : null}
      visitorNote={
        who.kind === 'visitor' ? t(who.reason === 'expired' ? 'visitor.expired' : 'visitor.none') : null
      }
    />
  );
}

/** A guest at a table's QR says who they are and joins the table's account. */
function JoinForm({ heading, onJoin }: { heading: string; onJoin: (name: string) => Promise<void> }) {
  const { t } = useTranslation('menu');
  const inputId = useId();
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!name.trim()) {
      setProblem(t('join.nameRequired'));
      return;
    }
    setBusy(true);
    setProblem(null);
    onJoin(name.trim()).catch((failure: unknown) => {
      setProblem(serverMessage(failure, t('join.failed')));
      setBusy(false);
    });
  }

  return (
    <div className="guest-menu guest-menu--join">
      <h1 className="guest-menu__heading">{heading}</h1>
      <p className="guest-menu__intro">{t('join.intro')}</p>
      <form className="menu-join" onSubmit={submit} noValidate>
        <div className="field">
          <label className="field__label" htmlFor={inputId}>
            {t('join.name')}
          </label>
          <input
            id={inputId}
            className="input"
            autoComplete="given-name"
            maxLength={120}
            value={name}
            aria-invalid={problem !== null}
            aria-describedby={problem ? `${inputId}-error` : undefined}
            onChange={(event) => setName(event.target.value)}
          />
          {problem && (
            <p id={`${inputId}-error`} className="field__hint menu-field-error" role="alert">
              {problem}
            </p>
          )}
        </div>
        <button type="submit" className="button button--primary button--block button--large" disabled={busy}>
          {t('join.submit')}
        </button>
      </form>
    </div>
  );
}
