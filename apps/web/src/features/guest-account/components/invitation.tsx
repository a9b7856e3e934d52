import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState, useSyncExternalStore, type FormEvent } from 'react';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { formatDate } from '../../../i18n/format.ts';
import { useLocale } from '../../../i18n/use-locale.ts';
import { ApiError, isServerError } from '../../../lib/api-client.ts';
import { addInvitedGuest, invitationQuery, type Invitation } from '../api/guest-account-api.ts';
import { CopyLink } from '../../../components/guest-account/copy-link.tsx';
import '../../../components/guest-account/guest-account.css';

const ENDED_STATES = new Set(['cancelled', 'finished', 'no_show']);

/** Where an invitee's own link is kept on their phone, so opening the invitation again shows it. */
const keptKey = (wid: string) => `sobremesa.invitation.${wid}`;

function keptLink(wid: string): string | null {
  try {
    return window.localStorage.getItem(keptKey(wid));
  } catch {
    return null;
  }
}

/** Storage has no event for this tab's own writes; the link made here is drawn from state. */
const unchanging = () => () => undefined;

function failureMessage(error: unknown, t: ReturnType<typeof useTranslation<'guestAccount'>>['t']) {
  if (error instanceof ApiError) {
    if (error.status === 401 || error.status === 404 || error.status === 410) return t('invite.invalid');
    if (error.status === 409) return t('invite.finished');
    if (isServerError(error)) return error.message;
  }
  return t('error');
}

/**
 * /mis-reservas#invitacion=<wid>&code=<hostCode> (issue 26 item 8, decision 040): what the invitee is invited
 * to, who already comes, and a name to join with: with a link of their own (createGuest: true, shown and kept
 * on this phone) or only on the list (createGuest: false, the host naming someone who comes).
 */
export function InvitationScreen({ invitation }: { readonly invitation: Invitation }) {
  const { t } = useTranslation('guestAccount');
  const { locale } = useLocale();
  const id = useId();
  const client = useQueryClient();
  const query = useQuery(invitationQuery(invitation));
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [named, setNamed] = useState<string | null>(null);
  const [madeLink, setMadeLink] = useState<{ readonly wid: string; readonly link: string } | null>(null);
  // The server draws no kept link (it cannot read this phone's storage); the browser shows it once hydrated.
  const keptOwnLink = useSyncExternalStore(
    unchanging,
    () => keptLink(invitation.wid),
    () => null,
  );
  const ownLink = madeLink?.wid === invitation.wid ? madeLink.link : keptOwnLink;
  const linkHeading = useRef<HTMLHeadingElement>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const withLink = (event.nativeEvent as SubmitEvent).submitter?.getAttribute('value') !== 'name-only';
    setBusy(true);
    setError(null);
    setNamed(null);
    try {
      const reply = await addInvitedGuest(client, invitation, name.trim(), withLink);
      setName('');
      if (withLink && reply.uid) {
        const link = `${window.location.origin}/menu?uid=${encodeURIComponent(reply.uid)}`;
        try {
          window.localStorage.setItem(keptKey(invitation.wid), link);
        } catch {
          // Private browsing without storage: the link is still shown to copy.
        }
        setMadeLink({ wid: invitation.wid, link });
        requestAnimationFrame(() => linkHeading.current?.focus());
      } else {
        setNamed(reply.guest.name);
      }
    } catch (failure) {
      setError(failureMessage(failure, t));
    } finally {
      setBusy(false);
    }
  }

  if (query.isPending) return <p role="status">{t('invite.loading')}</p>;
  if (query.isError) {
    return (
      <p className="notice notice--error" role="alert">
        <span className="notice__body">{failureMessage(query.error, t)}</span>
      </p>
    );
  }
  const reservation = query.data;
  // The server refuses ended ones (409); the screen says so up front instead of offering the form.
  const open = !ENDED_STATES.has(reservation.state);
  return (
    <>
      <section className="guest-account__section card" aria-labelledby={`${id}-title`}>
        <h2 id={`${id}-title`}>
          {t('invite.lead', {
            venue: reservation.venue.business_name,
            date: formatDate(new Date(reservation.startDateTime), locale, reservation.venue.timeZone, 'full'),
            time: reservation.timeSlot,
          })}
        </h2>
        <p>{t('pax', { count: reservation.pax })}</p>
        <h3 id={`${id}-guests`}>{t('invite.guests')}</h3>
        <ul className="guest-account__list" aria-labelledby={`${id}-guests`}>
          {reservation.guests.map((guest) => (
            <li key={guest.id} className="guest-account__item">
              {guest.name}
            </li>
          ))}
        </ul>
      </section>
      {ownLink && (
        <section className="guest-account__section card" aria-labelledby={`${id}-link`}>
          <h2 id={`${id}-link`} ref={linkHeading} tabIndex={-1}>
            {t('invite.joined')}
          </h2>
          <p>{t('invite.joinedLead')}</p>
          <CopyLink url={ownLink} label={t('invite.ownLink')} />
          <a className="button button--primary button--large" href={ownLink}>
            {t('invite.openLink')}
          </a>
        </section>
      )}
      {open ? (
        <section className="guest-account__section card" aria-labelledby={`${id}-join`}>
          <h2 id={`${id}-join`}>{t('invite.joinTitle')}</h2>
          <form className="guest-account__form" onSubmit={(event) => void submit(event)}>
            <label htmlFor={`${id}-name`}>{t('invite.name')}</label>
            <input
              id={`${id}-name`}
              autoComplete="name"
              required
              maxLength={120}
              value={name}
              aria-invalid={error ? true : undefined}
              aria-describedby={`${id}-hint`}
              onChange={(event) => setName(event.target.value)}
            />
            <p id={`${id}-hint`} className="field__hint">
              {t('invite.nameOnlyHint')}
            </p>
            <div className="guest-account__actions">
              <button
                type="submit"
                value="join"
                className="button button--primary button--large"
                disabled={busy}
              >
                {t('invite.join')}
              </button>
              <button type="submit" value="name-only" className="button button--large" disabled={busy}>
                {t('invite.nameOnly')}
              </button>
            </div>
          </form>
          <div role="status">{named && <p>{t('invite.named', { name: named })}</p>}</div>
          {error && (
            <p className="notice notice--error" role="alert">
              <span className="notice__body">{error}</span>
            </p>
          )}
        </section>
      ) : (
        <p className="notice notice--warning" role="status">
          <span className="notice__body">{t('invite.finished')}</span>
        </p>
      )}
    </>
  );
}
