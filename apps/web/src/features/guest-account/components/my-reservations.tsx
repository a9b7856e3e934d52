import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { Link } from 'react-router';
import { formatDate } from '../../../i18n/format.ts';
import { useLocale } from '../../../i18n/use-locale.ts';
import { ApiError, serverMessage } from '../../../lib/api-client.ts';
import {
  futureReservationsQuery,
  guestAccountApi,
  type EmailStatus,
  type Invitation,
} from '../api/guest-account-api.ts';
import { InvitationScreen } from './invitation.tsx';
import '../../../components/guest-account/guest-account.css';

/**
 * /mis-reservas (issue 26 item 8): with the email link's `uid`, the guest's upcoming reservations and their
 * pass sent again; without one (or with a dead one), a new link by email. When the venue sends no email,
 * each says so and points to what works: the pass on the reservation's page, or the staff.
 */
export function MyReservations({
  venueName,
  uid,
  invitation,
}: {
  readonly venueName: string;
  readonly uid: string | null;
  readonly invitation: Invitation | null;
}) {
  const { t } = useTranslation('guestAccount');
  if (invitation) {
    return (
      <div className="guest-account">
        <h1>{t('invite.title')}</h1>
        <InvitationScreen invitation={invitation} />
      </div>
    );
  }
  return (
    <div className="guest-account">
      <h1>{t('title')}</h1>
      {uid && <Upcoming uid={uid} venueName={venueName} />}
      <RemindForm />
    </div>
  );
}

function Upcoming({ uid, venueName }: { readonly uid: string; readonly venueName: string }) {
  const { t } = useTranslation('guestAccount');
  const { locale } = useLocale();
  const query = useQuery(futureReservationsQuery(uid));
  const [pass, setPass] = useState<EmailStatus | 'error' | null>(null);
  const [busy, setBusy] = useState(false);
  if (query.isPending) return <p role="status">{t('loading')}</p>;
  if (query.isError) {
    const dead =
      query.error instanceof ApiError && (query.error.status === 401 || query.error.status === 410);
    return (
      <p className="notice notice--error" role="alert">
        <span className="notice__body">{dead ? t('linkInvalid') : t('error')}</span>
      </p>
    );
  }
  const passLink = `/reservar#uid=${encodeURIComponent(uid)}`;
  return (
    <section className="guest-account__section card" aria-labelledby="guest-account-upcoming">
      <h2 id="guest-account-upcoming">{t('lead', { venue: venueName })}</h2>
      {query.data.length === 0 ? (
        <p>
          {t('none')} <Link to="/reservar">{t('book')}</Link>
        </p>
      ) : (
        <ul className="guest-account__list">
          {query.data.map((reservation) => (
            <li key={reservation.wid} className="guest-account__item">
              <strong>
                {formatDate(new Date(reservation.startDateTime), locale, reservation.venue.timeZone, 'full')}{' '}
                · {reservation.timeSlot}
              </strong>
              <span>
                {t('pax', { count: reservation.pax })}
                {reservation.roomName ? ` · ${reservation.roomName}` : ''}
              </span>
            </li>
          ))}
        </ul>
      )}
      <div className="guest-account__actions">
        <Link className="button button--large" to={passLink}>
          {t('manage')}
        </Link>
        <button
          type="button"
          className="button button--primary button--large"
          disabled={busy}
          onClick={() => {
            setBusy(true);
            guestAccountApi
              .sendPass(uid)
              .then(setPass, () => setPass('error'))
              .finally(() => setBusy(false));
          }}
        >
          {t('sendPass')}
        </button>
      </div>
      <div role="status">
        {pass === 'sending' && <p>{t('passSending')}</p>}
        {(pass === 'disabled' || pass === 'no_email') && (
          <p>
            {pass === 'disabled' ? t('passDisabled') : t('passNoEmail')}{' '}
            <Link to={passLink}>{t('openPass')}</Link>
          </p>
        )}
        {pass === 'error' && <p>{t('error')}</p>}
      </div>
    </section>
  );
}

function RemindForm() {
  const { t } = useTranslation('guestAccount');
  const id = useId();
  const [email, setEmail] = useState('');
  const [state, setState] = useState<'sending' | 'disabled' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      setState(await guestAccountApi.remind(email.trim()));
    } catch (failure) {
      setError(serverMessage(failure, t('error')));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="guest-account__section card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('remindTitle')}</h2>
      <form className="guest-account__form" onSubmit={(event) => void submit(event)}>
        <p>{t('remindLead')}</p>
        <label htmlFor={id}>{t('email')}</label>
        <input
          id={id}
          type="email"
          autoComplete="email"
          required
          value={email}
          aria-invalid={error ? true : undefined}
          onChange={(event) => setEmail(event.target.value)}
        />
        <button type="submit" className="button button--primary button--large" disabled={busy}>
          {t('remind')}
        </button>
      </form>
      <div role="status">
        {state === 'sending' && <p>{t('remindSent')}</p>}
        {state === 'disabled' && <p>{t('remindDisabled')}</p>}
      </div>
      {error && (
        <p className="notice notice--error" role="alert">
          <span className="notice__body">{error}</span>
        </p>
      )}
    </section>
  );
}
