import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { reviewQrQuery } from '../api/floor-api.ts';
import { floorErrorText } from '../floor-errors.ts';
import { QrImage } from './qr-image.tsx';

/** The venue's review link as a QR for a guest to scan at the table. */
export function ReviewQr({ roleId }: { roleId: number | null }) {
  const { t } = useTranslation('floor');
  const qr = useQuery(reviewQrQuery(roleId));
  if (qr.isError)
    return (
      <p className="notice notice--error" role="alert">
        <span className="notice__body">{floorErrorText(qr.error, t)}</span>
      </p>
    );
  if (!qr.data) return <p className="muted">{t('status.loading')}</p>;
  return (
    <div className="floor-detail__qr">
      <QrImage text={qr.data.url} label={t('toolbar.reviewQr')} />
    </div>
  );
}
