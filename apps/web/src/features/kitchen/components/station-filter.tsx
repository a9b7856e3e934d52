import type { GetByRoleResponse } from '@sobremesa/contracts';
import { useTranslation } from '../../../i18n/use-translation.ts';

/** The station filter: the venue's stations as toggles; none pressed by hand means the role's own. */
export function StationFilter(props: {
  day: GetByRoleResponse;
  selected: readonly number[] | null;
  onChange: (stationIds: readonly number[] | null) => void;
}) {
  const { t } = useTranslation('kitchen');
  const { day } = props;
  if (day.elaborationStations.length < 2) return null;
  const selected = props.selected ?? day.role.elaborationStations;
  function toggle(id: number) {
    const next = selected.includes(id) ? selected.filter((item) => item !== id) : [...selected, id];
    const own = day.role.elaborationStations;
    const isOwn = next.length === own.length && next.every((item) => own.includes(item));
    props.onChange(isOwn ? null : next);
  }
  return (
    <div className="kitchen-stations" role="group" aria-label={t('stations.label')}>
      {day.elaborationStations.map((station) => (
        <button
          key={station.id}
          type="button"
          className="kitchen-chip"
          aria-pressed={selected.includes(station.id)}
          onClick={() => toggle(station.id)}
        >
          {station.name}
        </button>
      ))}
      {props.selected !== null && (
        <button type="button" className="button button--large" onClick={() => props.onChange(null)}>
          {t('stations.own')}
        </button>
      )}
    </div>
  );
}
