import type { FloorReservation } from '@sobremesa/contracts';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { accountQrQuery, userDetailsQuery } from '../api/floor-api.ts';
import { floorErrorText } from '../floor-errors.ts';
import { accountQrText } from '../qr-text.ts';
import { FormAlert } from './floor-forms.tsx';
import { QrImage } from './qr-image.tsx';

export function AccountQr({ reservation, roleId }: { reservation: FloorReservation; roleId: number | null }) {
  const { t } = useTranslation('floor');
  const qr = useQuery(accountQrQuery(reservation.wid, roleId));
  if (qr.isError) return <FormAlert message={floorErrorText(qr.error, t)} />;
  if (!qr.data) return <p className="muted">{t('status.loading')}</p>;
  return (
    <div className="floor-detail__qr">
      <QrImage text={accountQrText(qr.data.url, qr.data.wid)} label={t('qr.accountTitle')} />
      <p className="muted">{t('qr.accountHint')}</p>
    </div>
  );
}

export function UserDetails({
  reservation,
  roleId,
}: {
  reservation: FloorReservation;
  roleId: number | null;
}) {
  const { t } = useTranslation('floor');
  const details = useQuery(userDetailsQuery(reservation.wid, roleId));
  if (details.isError) return <FormAlert message={floorErrorText(details.error, t)} />;
  const state = details.data;
  if (!state) return <p className="muted">{t('status.loading')}</p>;
  if (state.guests.length === 0) return <p className="muted">{t('user.none')}</p>;
  return (
    <ul className="floor-detail__guests">
      {state.guests.map((guest) => (
        <li key={guest.id}>
          <strong>{guest.name}</strong>
          {guest.isHost && <span className="floor-badge">{t('user.host')}</span>}
          <span>{[guest.phone, guest.email].filter(Boolean).join(' · ')}</span>
          <span className="muted">{t('user.visits', { count: guest.visits })}</span>
        </li>
      ))}
    </ul>
  );
}
