import type { FloorReservation, GetByDayResponse } from '@sobremesa/contracts';
import { RESERVATION_LISTS } from '@sobremesa/domain';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { reservationLine } from './floor-forms.tsx';

/** Sala's lists of the day (arriving, seated, finished…), each row opening its reservation. */
export function DayLists(props: {
  day: GetByDayResponse;
  byId: Map<number, FloorReservation>;
  onOpen: (id: number) => void;
}) {
  const { t } = useTranslation('floor');
  return (
    <div className="floor-lists">
      {RESERVATION_LISTS.map((list) => {
        const ids = props.day.lists[list];
        return (
          <section key={list} className="floor-list" data-list={list} aria-label={t(`lists.${list}`)}>
            <h2 className="floor-list__title">
              {t(`lists.${list}`)} <span className="floor-badge">{ids.length}</span>
            </h2>
            {ids.length === 0 ? (
              <p className="muted floor-list__empty">{t('lists.empty')}</p>
            ) : (
              <ul>
                {ids.map((id) => {
                  const reservation = props.byId.get(id);
                  if (!reservation) return null;
                  return (
                    <li key={id}>
                      <button type="button" className="floor-list__row" onClick={() => props.onOpen(id)}>
                        {reservationLine(reservation)}
                      </button>
                    </li>
                  );
                })}
              </ul>
            )}
          </section>
        );
      })}
    </div>
  );
}
