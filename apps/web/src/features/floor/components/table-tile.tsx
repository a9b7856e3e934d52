import type { FloorReservation, GetByDayResponse } from '@sobremesa/contracts';
import { courseStateOf, elapsedLabel, parseOffsetDateTime } from '@sobremesa/domain';
import type { CSSProperties } from 'react';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { AllergyMarker } from './allergy-marker.tsx';

type Table = GetByDayResponse['tables'][number];

export interface Room {
  readonly id: number;
  readonly name: string;
  readonly tables: Table[];
}

/** The day's active tables grouped by their room, in the order the server lists them. */
export function roomsOf(tables: readonly Table[]): Room[] {
  const rooms = new Map<string, Table[]>();
  for (const table of tables) {
    if (!table.active) continue;
    const list = rooms.get(table.roomName) ?? [];
    list.push(table);
    rooms.set(table.roomName, list);
  }
  return [...rooms].map(([name, list]) => ({ id: list[0]!.room, name, tables: list }));
}

/** A table on the plan: its state (or its meal's course), its party, allergies and time seated. */
export function TableTile(props: {
  table: Table;
  style: CSSProperties | undefined;
  now: string;
  byId: Map<number, FloorReservation>;
  onOpen: (reservationId: number) => void;
  onFree: () => void;
}) {
  const { table, now, byId } = props;
  const { t } = useTranslation('floor');
  const reservationId = table.reservationId ?? table.upcomingReservationId;
  const reservation = reservationId === null ? undefined : byId.get(reservationId);
  const since = reservation?.seatedDateTime ?? null;
  const elapsed =
    table.reservationId !== null && since
      ? elapsedLabel(parseOffsetDateTime(since), parseOffsetDateTime(now))
      : null;
  // While the table orders, the tile says where its meal stands; asking for the bill is the table's own state.
  const course =
    table.state === 'ordering' && table.reservationId !== null
      ? courseStateOf(reservation?.cartSession?.productOrders ?? [])
      : null;
  const stateText = course ? t(`courseStates.${course}`) : t(`tableStates.${table.state}`);
  // Named by its content, so what a screen reader or voice control hears is what the tile shows
  // (WCAG 2.5.3); only the word "Mesa", implied by the plan, is there for the ear alone.
  return (
    <button
      type="button"
      className={`floor-table floor-state--${table.state} floor-table--${table.layout.shape}`}
      style={props.style}
      data-table-id={table.table_id}
      data-state={table.state}
      data-course={course ?? undefined}
      onClick={() => (reservation ? props.onOpen(reservation.id) : props.onFree())}
    >
      <span className="visually-hidden">{t('plan.table', { name: table.name })}</span>
      <span className="floor-table__name" aria-hidden="true">
        {table.name}
      </span>
      <span className="floor-table__state">{stateText}</span>
      {reservation && (
        <span className="floor-table__party">
          {/* A long name ends in "…" so the party's size beside it stays in view; the tooltip has it whole. */}
          <span className="floor-table__guest" title={reservation.name}>
            {reservation.name}
          </span>
          <span className="floor-table__pax">{` · ${reservation.pax}`}</span>
        </span>
      )}
      {reservation && <AllergyMarker allergies={reservation.allergies} />}
      {elapsed && (
        <span className="floor-table__elapsed">{elapsed === 'Nuevo' ? t('plan.new') : elapsed}</span>
      )}
      {!elapsed && table.state === 'booked_soon' && reservation && (
        <span className="floor-table__elapsed">{reservation.startDateTime.slice(11, 16)}</span>
      )}
    </button>
  );
}
