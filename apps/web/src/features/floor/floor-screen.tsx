import { isTopicIn, type FloorReservation } from '@sobremesa/contracts';
import {
  addDays,
  operationsOf,
  relativeDayLabel,
  type CopilotView,
  type IsoDate,
  type RelativeDayLabel,
} from '@sobremesa/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { Modal } from '../../components/modal/modal.tsx';
import { toast } from '../../components/toast/toast-store.ts';
import {
  floorCalls,
  floorDayQuery,
  FLOOR_MENU_QUERY_KEY,
  FLOOR_QUERY_KEY,
  searchAccountQuery,
  useFloorWrite,
  WAITLIST_QUERY_KEY,
  waitlistQuery,
} from './api/floor-api.ts';
import { DayLists } from './components/day-lists.tsx';
import { PartyForm, PhoneForm } from './components/floor-forms.tsx';
import { ReservationDetail } from './components/reservation-detail.tsx';
import { ReviewQr } from './components/review-qr.tsx';
import { RoomTables } from './components/room-tables.tsx';
import { SearchAccount } from './components/search-account.tsx';
import { roomsOf, TableTile } from './components/table-tile.tsx';
import { useWaitText, WaitlistPanel } from './components/waitlist-panel.tsx';
import { floorErrorText } from './floor-errors.ts';
import { scannedAccountQuery } from './qr-text.ts';
import { useVenueNow } from '../../lib/use-venue-now.ts';
import { readZoneFilter, roomVisible, writeZoneFilter } from '../../lib/zone-filter.ts';
import './floor.css';
import { useRealtimeEvents } from '../../lib/realtime.tsx';

/** The spec's HOY, AYER and MAÑANA (domain) in the screen's language. */
const RELATIVE_DAY_KEYS: Record<
  RelativeDayLabel,
  'day.relativeToday' | 'day.relativeYesterday' | 'day.relativeTomorrow'
> = {
  HOY: 'day.relativeToday',
  AYER: 'day.relativeYesterday',
  MAÑANA: 'day.relativeTomorrow',
};

/** The camera scanner (and jsQR behind it) loads only when a scan starts. */
const QrScanner = lazy(() =>
  import('../../components/qr-scanner/qr-scanner.tsx').then((module) => ({ default: module.QrScanner })),
);

type Dialog =
  | { kind: 'walkIn' }
  | { kind: 'sitIn'; tableIds: number[] }
  | { kind: 'phone' }
  | { kind: 'search' }
  | { kind: 'scan' }
  | { kind: 'reviewQr' }
  | { kind: 'waitlist' }
  | null;

export interface FloorScreenProps {
  readonly view: CopilotView;
  readonly roleId: number | null;
  /** The server's logical date when the screen opened (`yyyy-MM-dd`). */
  readonly logicalDate: string;
  readonly zoneFilterEnabled: boolean;
  readonly locationTags: readonly string[];
  /** The venue's currency (ISO 4217): an account's line prices arrive in its minor unit. */
  readonly currency: string;
  /** Composed in by the app: more actions on the selected reservation (the commander, issue 6). */
  readonly reservationActions?: (reservation: FloorReservation) => ReactNode;
}

/**
 * The service day of Sala and 1 en Sala (spec §4, issue 5): day navigation, the day's lists (Sala only),
 * the floor plan per room, and every action through its overlay. Live: any `reservation.*` event refetches.
 */
export function FloorScreen(props: FloorScreenProps) {
  const { view, roleId, logicalDate, zoneFilterEnabled, locationTags } = props;
  const { t } = useTranslation('floor');
  const client = useQueryClient();
  const [date, setDate] = useState<string | null>(null);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [zones, setZones] = useState<string[]>(readZoneFilter);
  const calls = useMemo(() => floorCalls(roleId), [roleId]);
  const operations = useMemo(() => operationsOf(view), [view]);
  const query = useQuery(floorDayQuery(date, roleId));
  const day = query.data;
  const now = useVenueNow(day?.serverTime, query.dataUpdatedAt);
  const keepsWaitlist = operations.includes('waitlist');
  const waitlist = useQuery({ ...waitlistQuery(roleId), enabled: keepsWaitlist });
  const waitlistNow = useVenueNow(waitlist.data?.serverTime, waitlist.dataUpdatedAt);
  const waitText = useWaitText();
  const { write } = useFloorWrite();

  useRealtimeEvents((event) => {
    // Orders too: a table's tile turns "ordering" with its first order, and the detail shows its lines.
    // The admin's floor plan editor announces a changed room or table as a configuration change.
    if (
      event.topic.startsWith('reservation.') ||
      event.topic.startsWith('order.') ||
      event.topic === 'venue.config.updated'
    ) {
      void client.invalidateQueries({ queryKey: FLOOR_QUERY_KEY });
    }
    // A dish sold out or back, or an admin's menu edit (decision 060): what a menu can be completed with.
    if (isTopicIn('menu', event)) void client.invalidateQueries({ queryKey: FLOOR_MENU_QUERY_KEY });
    // A party's wait depends on the tables too: the list is quoted again whenever either changes.
    if (event.topic.startsWith('waitlist.') || event.topic.startsWith('reservation.')) {
      void client.invalidateQueries({ queryKey: WAITLIST_QUERY_KEY });
    }
  });

  async function joinWaitlist(values: { name: string; pax: number }) {
    const { entry } = await write({ send: () => calls.addToWaitlist(values), waitlist: true });
    toast.success(t('waitlist.added', { name: entry.name, wait: waitText(entry.quotedMinutes) }));
    setDialog(null);
  }

  const shownDate = (day?.date ?? date ?? logicalDate) as IsoDate;
  const baseLogical = (day?.logicalDate ?? logicalDate) as IsoDate;
  const dayLabel = relativeDayLabel(shownDate, baseLogical);
  const go = (offset: number) => {
    const next = addDays(shownDate, offset);
    setDate(next === baseLogical ? null : next);
  };

  const byId = useMemo(
    () => new Map((day?.reservations ?? []).map((reservation) => [reservation.id, reservation])),
    [day],
  );
  const selected = selectedId === null ? undefined : byId.get(selectedId);
  const rooms = useMemo(() => roomsOf(day?.tables ?? []), [day]);
  const plans = useMemo(() => new Map((day?.rooms ?? []).map((room) => [room.id, room.plan])), [day]);
  const shownRooms = rooms.filter((room) => roomVisible(room.name, zoneFilterEnabled, zones));

  async function created(send: () => Promise<{ reservation: FloorReservation }>) {
    // The plan shows the new party before the toast says so (a tap right after lands on it).
    const { reservation } = await write({ send });
    toast.success(t('done.created', { name: reservation.name }));
    setDialog(null);
  }

  function toggleZone(zone: string) {
    const next = zones.includes(zone) ? zones.filter((item) => item !== zone) : [...zones, zone];
    setZones(next);
    writeZoneFilter(next);
  }

  return (
    <section className="floor" data-view={view} aria-label={t('heading')}>
      <div className="floor__bar">
        <nav className="floor-day" aria-label={t('day.label')}>
          <button type="button" className="button button--large" onClick={() => go(-1)}>
            <span aria-hidden="true">‹</span> <span className="visually-hidden">{t('day.previous')}</span>
          </button>
          <output className="floor-day__label" aria-live="polite" data-date={shownDate}>
            {dayLabel === null ? shownDate : t(RELATIVE_DAY_KEYS[dayLabel])}
          </output>
          <button type="button" className="button button--large" onClick={() => go(1)}>
            <span className="visually-hidden">{t('day.next')}</span> <span aria-hidden="true">›</span>
          </button>
          {date !== null && (
            <button type="button" className="button button--large" onClick={() => setDate(null)}>
              {t('day.today')}
            </button>
          )}
        </nav>
        <div className="floor__tools" role="group" aria-label={t('toolbar.label')}>
          {operations.includes('createWalkIn') && (
            <button
              type="button"
              className="button button--primary button--large"
              onClick={() => setDialog({ kind: 'walkIn' })}
            >
              {t('toolbar.walkIn')}
            </button>
          )}
          {keepsWaitlist && (
            <button
              type="button"
              className="button button--large"
              onClick={() => setDialog({ kind: 'waitlist' })}
            >
              {t('waitlist.title')} <span className="floor-badge">{waitlist.data?.entries.length ?? 0}</span>
            </button>
          )}
          {operations.includes('createSitIn') && (
            <button
              type="button"
              className="button button--large"
              onClick={() => setDialog({ kind: 'sitIn', tableIds: [] })}
            >
              {t('toolbar.sitIn')}
            </button>
          )}
          {operations.includes('createPhoneReservation') && (
            <button
              type="button"
              className="button button--large"
              onClick={() => setDialog({ kind: 'phone' })}
            >
              {t('toolbar.phone')}
            </button>
          )}
          <button
            type="button"
            className="button button--large"
            onClick={() => setDialog({ kind: 'search' })}
          >
            {t('toolbar.search')}
          </button>
          <button type="button" className="button button--large" onClick={() => setDialog({ kind: 'scan' })}>
            {t('toolbar.scan')}
          </button>
          {operations.includes('reviewQr') && (
            <button
              type="button"
              className="button button--large"
              onClick={() => setDialog({ kind: 'reviewQr' })}
            >
              {t('toolbar.reviewQr')}
            </button>
          )}
        </div>
      </div>

      {zoneFilterEnabled && rooms.length > 1 && (
        <div className="floor-zones" role="group" aria-label={t('zones.label')}>
          {rooms.map((room) => (
            <button
              key={room.name}
              type="button"
              className="floor-zones__zone"
              aria-pressed={zones.includes(room.name)}
              onClick={() => toggleZone(room.name)}
            >
              {room.name}
            </button>
          ))}
        </div>
      )}

      {query.isError && !day && (
        <p className="notice notice--error" role="alert">
          <span className="notice__body">{floorErrorText(query.error, t)}</span>
          <button type="button" className="button" onClick={() => void query.refetch()}>
            {t('errors.retry')}
          </button>
        </p>
      )}
      {!day && query.isPending && <p className="muted">{t('status.loading')}</p>}

      {day && (
        <div className={view === 'Sala' ? 'floor__body' : 'floor__body floor__body--room-only'}>
          <div className="floor__plans">
            {shownRooms.map((room) => (
              <section
                key={room.name}
                className="floor-room"
                aria-label={t('plan.room', { room: room.name })}
              >
                <h2 className="floor-room__name">{room.name}</h2>
                <RoomTables room={room} plan={plans.get(room.id) ?? null}>
                  {(table, style) => (
                    <TableTile
                      key={table.table_id}
                      table={table}
                      style={style}
                      now={now ?? day.serverTime}
                      byId={byId}
                      onOpen={(reservationId) => setSelectedId(reservationId)}
                      onFree={() =>
                        operations.includes('createSitIn') &&
                        setDialog({ kind: 'sitIn', tableIds: [table.table_id] })
                      }
                    />
                  )}
                </RoomTables>
              </section>
            ))}
          </div>
          {view === 'Sala' && <DayLists day={day} byId={byId} onOpen={setSelectedId} />}
        </div>
      )}

      {selected && day && (
        <ReservationDetail
          key={selected.id}
          reservation={selected}
          day={day}
          operations={operations}
          calls={calls}
          locationTags={locationTags}
          actor={props.view}
          roleId={roleId}
          currency={props.currency}
          onClose={() => setSelectedId(null)}
          extraActions={props.reservationActions?.(selected)}
        />
      )}

      <Modal open={dialog?.kind === 'walkIn'} title={t('walkIn.title')} onClose={() => setDialog(null)}>
        <p className="muted">{t('walkIn.intro')}</p>
        <PartyForm
          withTables={false}
          offerAnyFreeTable
          {...(keepsWaitlist ? { onWaitlist: joinWaitlist } : {})}
          tables={day?.tables ?? []}
          submitLabel={t('form.create')}
          onCancel={() => setDialog(null)}
          onSubmit={({ name, pax, tableIds }, key) =>
            created(() => calls.walkIn({ name, pax, ...(tableIds.length > 0 ? { tableIds } : {}) }, key))
          }
        />
      </Modal>
      <Modal
        open={dialog?.kind === 'sitIn'}
        title={t('sitIn.title')}
        onClose={() => setDialog(null)}
        size="large"
      >
        <p className="muted">{t('sitIn.intro')}</p>
        <PartyForm
          withTables
          tables={day?.tables ?? []}
          initialTableIds={dialog?.kind === 'sitIn' ? dialog.tableIds : []}
          submitLabel={t('form.create')}
          onCancel={() => setDialog(null)}
          onSubmit={({ name, pax, tableIds }, key) =>
            created(() => calls.walkIn({ name, pax, alreadySeated: true, tableIds }, key))
          }
        />
      </Modal>
      <Modal open={dialog?.kind === 'phone'} title={t('toolbar.phone')} onClose={() => setDialog(null)}>
        <PhoneForm
          date={shownDate}
          onCancel={() => setDialog(null)}
          onSubmit={(values, key) => created(() => calls.phone(values, key))}
        />
      </Modal>
      <Modal open={dialog?.kind === 'search'} title={t('toolbar.search')} onClose={() => setDialog(null)}>
        <SearchAccount
          date={date}
          roleId={roleId}
          onOpen={(id) => {
            setDialog(null);
            setSelectedId(id);
          }}
        />
      </Modal>
      <Modal open={dialog?.kind === 'scan'} title={t('qr.scanTitle')} onClose={() => setDialog(null)}>
        <Suspense fallback={<p className="muted">{t('status.loading')}</p>}>
          <QrScanner
            onResult={(text) => {
              setDialog(null);
              void client.fetchQuery(searchAccountQuery(scannedAccountQuery(text), date, roleId)).then(
                ({ reservations }) => {
                  const found = reservations[0];
                  if (!found) return toast.error(t('qr.notFound'));
                  toast.success(t('qr.scanned', { name: found.name }));
                  setSelectedId(found.id);
                },
                (error: unknown) => toast.error(floorErrorText(error, t)),
              );
            }}
          />
        </Suspense>
      </Modal>
      <Modal
        open={dialog?.kind === 'waitlist'}
        title={t('waitlist.title')}
        onClose={() => setDialog(null)}
        size="large"
      >
        {waitlist.data ? (
          <WaitlistPanel
            entries={waitlist.data.entries}
            now={waitlistNow ?? waitlist.data.serverTime}
            tables={day?.tables ?? []}
            calls={calls}
            onDone={(message) => toast.success(message)}
          />
        ) : (
          <p className="muted">{t('status.loading')}</p>
        )}
      </Modal>
      <Modal open={dialog?.kind === 'reviewQr'} title={t('toolbar.reviewQr')} onClose={() => setDialog(null)}>
        <ReviewQr roleId={roleId} />
      </Modal>
    </section>
  );
}
