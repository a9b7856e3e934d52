import { useId, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { CopyLink } from './copy-link.tsx';
import './guest-account.css';

/**
 * The host's "Invitar" on their reservation's page (decision 040): the invitation link to pass on by message
 * (no email needed), and who is on the guest list so far.
 */
export function InviteShare({
  url,
  guests,
}: {
  readonly url: string;
  readonly guests: readonly { id: number; name: string }[];
}) {
  const { t } = useTranslation('guestAccount');
  const id = useId();
  const [open, setOpen] = useState(false);
  return (
    <section className="guest-account__section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="visually-hidden">
        {t('share.title')}
      </h2>
      <button
        type="button"
        className="button button--large"
        aria-expanded={open}
        aria-controls={`${id}-panel`}
        onClick={() => setOpen((value) => !value)}
      >
        {t('share.button')}
      </button>
      <div id={`${id}-panel`} hidden={!open} className="guest-account__form">
        <p>{t('share.lead')}</p>
        <CopyLink url={url} label={t('share.link')} />
        <h3 id={`${id}-guests`}>{t('invite.guests')}</h3>
        <ul className="guest-account__list" aria-labelledby={`${id}-guests`}>
          {guests.map((guest) => (
            <li key={guest.id} className="guest-account__item">
              {guest.name}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
