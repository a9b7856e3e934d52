import type { FloorReservation } from '@sobremesa/contracts';
import { useTranslation } from '../../../i18n/use-translation.ts';

/** What the floor knows of a reservation: reference, time, party, tables, state, tag, notes, allergies. */
export function ReservationFacts({ reservation }: { reservation: FloorReservation }) {
  const { t } = useTranslation('floor');
  return (
    <dl className="floor-detail__facts">
      {reservation.reference && (
        <div>
          <dt>{t('detail.reference')}</dt>
          <dd className="floor-detail__reference">{reservation.reference}</dd>
        </div>
      )}
      <div>
        <dt>{t('detail.time')}</dt>
        <dd>{reservation.startDateTime.slice(11, 16)}</dd>
      </div>
      <div>
        <dt>{t('form.pax')}</dt>
        <dd>{reservation.pax}</dd>
      </div>
      <div>
        <dt>{t('form.tables')}</dt>
        <dd>{reservation.table ?? t('detail.noTable')}</dd>
      </div>
      <div>
        <dt>{t('detail.state')}</dt>
        <dd data-state={reservation.state}>{t(`states.${reservation.state}`)}</dd>
      </div>
      {reservation.locationTag && (
        <div>
          <dt>{t('actions.locationTag')}</dt>
          <dd>{reservation.locationTag}</dd>
        </div>
      )}
      {reservation.comments && (
        <div>
          <dt>{t('detail.comments')}</dt>
          <dd>{reservation.comments}</dd>
        </div>
      )}
      {reservation.staffComments && (
        <div>
          <dt>{t('actions.staffComments')}</dt>
          <dd>{reservation.staffComments}</dd>
        </div>
      )}
      {reservation.allergies.allergens.length > 0 && (
        <div>
          <dt>{t('detail.allergies')}</dt>
          <dd className="floor-detail__allergies">
            {reservation.allergies.allergens.map((allergen) => allergen.name).join(', ')}
          </dd>
        </div>
      )}
    </dl>
  );
}
