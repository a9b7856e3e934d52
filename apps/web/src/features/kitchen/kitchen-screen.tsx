import { PRODUCT_ORDER_STATUS } from '@sobremesa/domain';
import type { GetByRoleResponse } from '@sobremesa/contracts';
import type { CopilotView } from '@sobremesa/domain';
import { useCallback, useMemo, useState, type CSSProperties, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../components/modal/modal.tsx';
import { serverMessage } from '../../lib/api-client.ts';
import type { LineOperation } from './api/kitchen-api.ts';
import { AccountsOverlay } from './components/accounts-overlay.tsx';
import { LineChoices } from './components/line-choices.tsx';
import { TicketCard, type LineButton } from './components/ticket-card.tsx';
import { UndoBar } from './components/undo-bar.tsx';
import { ViewOptionsForm } from './components/view-options-form.tsx';
import { playKitchenSound } from './kitchen-sound.ts';
import {
  barDrinkLines,
  courseToFire,
  kitchenAccounts,
  kitchenBoardLines,
  passLines,
  splitScheduled,
  type ScreenFilter,
} from './kitchen-views.ts';
import { groupTickets, mergeIdenticalLines, type KitchenLine, type Ticket } from './tickets.ts';
import { useArrivals } from './use-arrivals.ts';
import { useKitchenFeed, type KitchenFeed } from './use-kitchen-feed.ts';
import { readZoneFilter } from '../../lib/zone-filter.ts';
import {
  ACCOUNTS_SHARES,
  readViewOptions,
  writeViewOptions,
  type StationViewOptions,
} from './view-options.ts';
import './kitchen.css';

export interface KitchenScreenProps {
  readonly view: CopilotView;
  readonly roleId: number | null;
  readonly logicalDate: string;
  /** The copilot session's station filter (spec §2): null means the role's own stations. */
  readonly stationFilter: readonly number[] | null;
  readonly onStationFilterChange: (stationIds: readonly number[] | null) => void;
  /** Whether the venue uses the zone filter (copilotConfig.zoneFilter). */
  readonly zoneFilterEnabled: boolean;
}

type Overlay = 'options' | 'finalized' | 'all' | null;

/** A bump that can be taken back: the call that undoes it, on the same lines. */
interface Undo {
  readonly message: string;
  readonly operation: LineOperation;
  readonly lines: readonly KitchenLine[];
}

/** The call that takes each bump back (the transition table allows these; starting has no way back). */
const UNDO_OF = {
  finishPreparation: 'startPreparation',
  addToHotTable: 'removeFromHotTable',
  removeFromHotTable: 'addToHotTable',
} as const satisfies Partial<Record<LineOperation, LineOperation>>;

function isUndoable(operation: LineOperation): operation is keyof typeof UNDO_OF {
  return operation in UNDO_OF;
}

/**
 * Cocina, Barra and Pasante (issue 7): the service day's orders as the selected role works them, live on
 * every tablet through the kitchen realtime events.
 */
export function KitchenScreen(props: KitchenScreenProps) {
  const { view, stationFilter } = props;
  const { t } = useTranslation('kitchen');
  const feed = useKitchenFeed({ roleId: props.roleId });
  const [options, setOptions] = useState<StationViewOptions>(readViewOptions);
  const [overlay, setOverlay] = useState<Overlay>(null);
  const [undo, setUndo] = useState<Undo | null>(null);
  const { day } = feed;
  // The zone filter is chosen on the floor (spec §5); the kitchen shows those rooms' orders when it is on.
  const zones = useMemo(() => (props.zoneFilterEnabled ? readZoneFilter() : null), [props.zoneFilterEnabled]);
  const filter: ScreenFilter = useMemo(
    () => ({ stationIds: stationFilter, showGhostOrders: options.showGhostOrders, zones }),
    [stationFilter, options.showGhostOrders, zones],
  );

  // A new filter shows other lines: the boards start afresh so those do not ring as new tickets.
  const filterKey = `${stationFilter?.join(',') ?? 'own'}|${String(options.showGhostOrders)}`;

  function changeOptions(next: StationViewOptions) {
    setOptions(next);
    writeViewOptions(next);
  }

  const act = useCallback(
    async (operation: LineOperation, lines: readonly KitchenLine[]) => {
      const done = await feed.run(operation, lines);
      if (!done || !isUndoable(operation)) return;
      const names = lines.map((line) => line.name).join(', ');
      setUndo({ message: t(`undo.${operation}`, { names }), operation: UNDO_OF[operation], lines });
    },
    [feed, t],
  );

  const clearUndo = useCallback(() => setUndo(null), []);

  return (
    <section
      className={options.formattedTicket ? 'kitchen kitchen--formatted' : 'kitchen'}
      data-view={view}
      aria-label={t(`heading.${view === 'Barra' ? 'Barra' : view === 'Pasante' ? 'Pasante' : 'Cocina'}`)}
    >
      <div className="kitchen__top">
        <div className="kitchen__bar">
          <div className="kitchen__tools" role="group" aria-label={t('toolbar.label')}>
            <button type="button" className="button button--large" onClick={() => setOverlay('options')}>
              {t('toolbar.options')}
            </button>
            <button type="button" className="button button--large" onClick={() => setOverlay('finalized')}>
              {t('toolbar.finalized')}
            </button>
            <button type="button" className="button button--large" onClick={() => setOverlay('all')}>
              {t('toolbar.all')}
            </button>
          </div>
        </div>

        {day && <StationFilter day={day} selected={stationFilter} onChange={props.onStationFilterChange} />}
      </div>

      {feed.error !== null && !day && (
        <p className="notice notice--error" role="alert">
          <span className="notice__body">{serverMessage(feed.error, t('errors.generic'))}</span>
          <button type="button" className="button" onClick={feed.retry}>
            {t('errors.retry')}
          </button>
        </p>
      )}
      {!day && feed.loading && <p className="muted">{t('loading')}</p>}

      {day && feed.now !== null && view === 'Barra' && (
        <BarView
          key={filterKey}
          day={day}
          feed={feed}
          now={feed.now}
          filter={filter}
          options={options}
          onOptions={changeOptions}
          act={act}
        />
      )}
      {day && feed.now !== null && view === 'Pasante' && (
        <PassView
          key={filterKey}
          day={day}
          feed={feed}
          now={feed.now}
          filter={filter}
          options={options}
          act={act}
        />
      )}
      {day && feed.now !== null && view !== 'Barra' && view !== 'Pasante' && (
        <KitchenBoard
          key={filterKey}
          day={day}
          feed={feed}
          now={feed.now}
          filter={filter}
          options={options}
          act={act}
        />
      )}

      {undo && (
        <UndoBar
          message={undo.message}
          onExpire={clearUndo}
          onUndo={() => {
            setUndo(null);
            void feed.run(undo.operation, undo.lines);
          }}
        />
      )}

      <Modal open={overlay === 'options'} title={t('options.title')} onClose={() => setOverlay(null)}>
        <ViewOptionsForm options={options} onChange={changeOptions} />
      </Modal>
      <Modal
        open={overlay === 'finalized'}
        title={t('overlays.finalized')}
        onClose={() => setOverlay(null)}
        size="large"
      >
        {day && <AccountsOverlay accounts={kitchenAccounts(day, 'finalized')} />}
      </Modal>
      <Modal open={overlay === 'all'} title={t('overlays.all')} onClose={() => setOverlay(null)} size="large">
        {day && <AccountsOverlay accounts={kitchenAccounts(day, 'all')} />}
      </Modal>
    </section>
  );
}

/** The station filter: the venue's stations as toggles; none pressed by hand means the role's own. */
function StationFilter(props: {
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

interface BoardProps {
  readonly day: GetByRoleResponse;
  readonly feed: KitchenFeed;
  readonly now: string;
  readonly filter: ScreenFilter;
  readonly options: StationViewOptions;
  readonly act: (operation: LineOperation, lines: readonly KitchenLine[]) => Promise<void>;
}

/** Plays the new-ticket alert when lines to cook appear (a new order, or a course fired). */
function useNewTicketAlert(lines: readonly KitchenLine[]) {
  const toCook = useMemo(() => lines.filter((line) => !line.held), [lines]);
  useArrivals(toCook, () => playKitchenSound('newTicket'));
}

/** Bumps a ticket: every line on it that can be marked ready (the long press or swipe of the ticket card). */
function bumpOf(ticket: Ticket, act: BoardProps['act']): (() => void) | undefined {
  const lines = ticket.lines.filter((line) => line.actions.includes('finishPreparation'));
  return lines.length > 0 ? () => void act('finishPreparation', lines) : undefined;
}

/** Cocina: one ticket per table, bump per line or for the whole ticket, fire the next course. */
function KitchenBoard(props: BoardProps) {
  const { day, feed, options } = props;
  const { t } = useTranslation('kitchen');
  const all = useMemo(() => kitchenBoardLines(day, props.filter), [day, props.filter]);
  const { queue: lines, scheduled } = useMemo(() => splitScheduled(all, props.now), [all, props.now]);
  useNewTicketAlert(lines);
  const tickets = groupTickets(lines, options);
  return (
    <>
      {tickets.length === 0 ? (
        <p className="kitchen__empty">{t('empty.Cocina')}</p>
      ) : (
        <div className="kitchen-board">
          {tickets.map((ticket) => (
            <TicketCard
              key={ticket.key}
              ticket={ticket}
              now={props.now}
              showChoices={options.showChoices}
              lineButtons={['startPreparation', 'finishPreparation', 'reject']}
              busy={feed.busy}
              onAction={(operation, chosen) => void props.act(operation, chosen)}
              onBump={bumpOf(ticket, props.act)}
              footer={
                <TicketFooter
                  ticket={ticket}
                  act={props.act}
                  bulk={['startPreparation', 'finishPreparation']}
                  fire={() => void feed.fire(ticket.reservationId, courseToFire(day, ticket.lines))}
                />
              }
            />
          ))}
        </div>
      )}
      <ScheduledTickets lines={scheduled} {...props} />
    </>
  );
}

/**
 * Takeaway orders accepted for later (decision 041): shown apart with the time each starts, so the
 * kitchen sees what is coming without it crowding the queue; each joins the queue at its firing time.
 */
function ScheduledTickets(props: BoardProps & { lines: readonly KitchenLine[] }) {
  const { t } = useTranslation('kitchen');
  if (props.lines.length === 0) return null;
  const tickets = groupTickets(props.lines, { ungrouped: false, newestFirst: false });
  return (
    <section className="kitchen-scheduled" aria-label={t('scheduled.heading')}>
      <h2 className="kitchen-section__title">{t('scheduled.heading')}</h2>
      <div className="kitchen-board">
        {tickets.map((ticket) => (
          <TicketCard
            key={ticket.key}
            ticket={ticket}
            now={props.now}
            scheduled
            showChoices={props.options.showChoices}
            lineButtons={['startPreparation']}
            busy={props.feed.busy}
            onAction={(operation, chosen) => void props.act(operation, chosen)}
          />
        ))}
      </div>
    </section>
  );
}

/** Whole-ticket buttons: each bulk action on every line that allows it, and firing a held course. */
function TicketFooter(props: {
  ticket: Ticket;
  act: (operation: LineOperation, lines: readonly KitchenLine[]) => Promise<void>;
  /** Never a rejection: it asks line by line. */
  bulk: readonly Exclude<LineButton, 'reject'>[];
  fire?: () => void;
}): ReactNode {
  const { t } = useTranslation('kitchen');
  const { ticket } = props;
  const buttons = props.bulk.flatMap((operation) => {
    const lines = ticket.lines.filter((line) => line.actions.includes(operation));
    if (lines.length < 2) return [];
    return [
      <button
        key={operation}
        type="button"
        className="button button--large"
        onClick={() => void props.act(operation, lines)}
      >
        {t(`actions.${operation}All`)}
      </button>,
    ];
  });
  const held = ticket.lines.filter((line) => line.held && line.actions.includes('dispatchFireable'));
  if (props.fire && held.length > 0) {
    buttons.push(
      <button key="fire" type="button" className="button button--primary button--large" onClick={props.fire}>
        {t('actions.fire', { course: held[0]!.course ?? '' })}
      </button>,
    );
  }
  return buttons.length > 0 ? <>{buttons}</> : null;
}

/** Barra: the accounts beside the drinks to prepare, split 90 / 50 / 10 (spec §2). */
function BarView(props: BoardProps & { onOptions: (options: StationViewOptions) => void }) {
  const { day, feed, options } = props;
  const { t } = useTranslation('kitchen');
  const allDrinks = useMemo(() => barDrinkLines(day, props.filter), [day, props.filter]);
  const { queue: drinks, scheduled } = useMemo(
    () => splitScheduled(allDrinks, props.now),
    [allDrinks, props.now],
  );
  useNewTicketAlert(drinks);
  const accounts = useMemo(() => kitchenAccounts(day, 'open'), [day]);
  const tickets = groupTickets(drinks, options);
  const share = options.accountsShare;
  const style = { '--accounts-share': `${share}fr`, '--drinks-share': `${100 - share}fr` } as CSSProperties;
  return (
    <>
      <div className="kitchen-split__shares" role="group" aria-label={t('bar.split')}>
        {ACCOUNTS_SHARES.map((candidate) => (
          <button
            key={candidate}
            type="button"
            className="kitchen-chip"
            aria-pressed={share === candidate}
            onClick={() => props.onOptions({ ...options, accountsShare: candidate })}
          >
            {t('bar.share', { percent: candidate })}
          </button>
        ))}
      </div>
      <div className="kitchen-split" style={style}>
        <section className="kitchen-split__pane" aria-label={t('bar.accounts')}>
          <h2 className="kitchen-section__title">{t('bar.accounts')}</h2>
          {accounts.length === 0 ? (
            <p className="muted">{t('overlays.empty')}</p>
          ) : (
            <ul className="kitchen-accounts">
              {accounts.map((account) => {
                const readyDrinks = account.lines.filter(
                  (line) =>
                    line.isDrink &&
                    line.actions.includes('serve') &&
                    line.status === PRODUCT_ORDER_STATUS.ready,
                );
                const pending = account.lines.filter(
                  (line) =>
                    line.status > PRODUCT_ORDER_STATUS.created && line.status < PRODUCT_ORDER_STATUS.ready,
                ).length;
                return (
                  <li
                    key={account.reservationId}
                    className="kitchen-account"
                    data-reservation-id={account.reservationId}
                  >
                    <span className="kitchen-account__table">{account.table ?? t('ticket.noTable')}</span>
                    <span>
                      {account.partyName} · {t('accounts.pax', { count: account.pax })}
                    </span>
                    <span className="kitchen-line__state">{t('accounts.pending', { count: pending })}</span>
                    {readyDrinks.length > 0 && (
                      <button
                        type="button"
                        className="button button--primary button--large"
                        onClick={() => void props.act('serve', readyDrinks)}
                      >
                        {t('bar.serveDrinks', { count: readyDrinks.length })}
                      </button>
                    )}
                  </li>
                );
              })}
            </ul>
          )}
        </section>
        <section className="kitchen-split__pane" aria-label={t('bar.drinks')}>
          <h2 className="kitchen-section__title">{t('bar.drinks')}</h2>
          {tickets.length === 0 ? (
            <p className="kitchen__empty">{t('empty.Barra')}</p>
          ) : (
            <div className="kitchen-board">
              {tickets.map((ticket) => (
                <TicketCard
                  key={ticket.key}
                  ticket={ticket}
                  now={props.now}
                  showChoices={options.showChoices}
                  lineButtons={['startPreparation', 'finishPreparation', 'reject']}
                  busy={feed.busy}
                  onAction={(operation, chosen) => void props.act(operation, chosen)}
                  onBump={bumpOf(ticket, props.act)}
                  footer={<TicketFooter ticket={ticket} act={props.act} bulk={['finishPreparation']} />}
                />
              ))}
            </div>
          )}
          <ScheduledTickets lines={scheduled} {...props} />
        </section>
      </div>
    </>
  );
}

/** Pasante: what is ready at the pass and the hot table, with the order-ready overlay when food comes up. */
function PassView(props: BoardProps) {
  const { day, feed, options } = props;
  const { t } = useTranslation('kitchen');
  const pass = useMemo(() => passLines(day, props.filter), [day, props.filter]);
  const [justReady, setJustReady] = useState<readonly number[]>([]);
  useArrivals(pass.ready, (lines) => {
    playKitchenSound('orderReady');
    setJustReady((current) => [...new Set([...current, ...lines.map((line) => line.id)])]);
  });
  const readyNow = pass.ready.filter((line) => justReady.includes(line.id));
  const card = (
    ticket: Ticket,
    buttons: readonly LineButton[],
    bulk: readonly Exclude<LineButton, 'reject'>[],
  ) => (
    <TicketCard
      key={ticket.key}
      ticket={ticket}
      now={props.now}
      showChoices={options.showChoices}
      lineButtons={buttons}
      busy={feed.busy}
      onAction={(operation, chosen) => void props.act(operation, chosen)}
      footer={<TicketFooter ticket={ticket} act={props.act} bulk={bulk} />}
    />
  );
  return (
    <div className="kitchen-pass">
      <div className="kitchen-split__pane">
        <section aria-label={t('pass.ready')}>
          <h2 className="kitchen-section__title">{t('pass.ready')}</h2>
          {pass.ready.length === 0 ? (
            <p className="kitchen__empty">{t('empty.Pasante')}</p>
          ) : (
            <div className="kitchen-board">
              {groupTickets(pass.ready, options).map((ticket) =>
                card(ticket, ['addToHotTable', 'serve'], ['addToHotTable', 'serve']),
              )}
            </div>
          )}
        </section>
        {pass.coming.length > 0 && (
          <section aria-label={t('pass.coming')}>
            <h2 className="kitchen-section__title">{t('pass.coming')}</h2>
            <div className="kitchen-board">
              {groupTickets(pass.coming, options).map((ticket) => card(ticket, ['finishPreparation'], []))}
            </div>
          </section>
        )}
      </div>
      <section className="kitchen-hot" aria-label={t('pass.hot')}>
        <h2 className="kitchen-section__title">{t('pass.hot')}</h2>
        {pass.hot.length === 0 ? (
          <p className="muted">{t('pass.hotEmpty')}</p>
        ) : (
          groupTickets(pass.hot, { ungrouped: false, newestFirst: false }).map((ticket) =>
            card(ticket, ['removeFromHotTable', 'serve'], ['serve']),
          )
        )}
      </section>
      <Modal
        open={readyNow.length > 0}
        title={t('orderReady.title')}
        onClose={() => setJustReady([])}
        size="large"
      >
        <div className="kitchen-ready">
          {groupTickets(readyNow, { ungrouped: false, newestFirst: false }).map((ticket) => (
            <div key={ticket.key}>
              <div className="kitchen-ready__table">{ticket.table ?? t('ticket.noTable')}</div>
              <ul className="kitchen-ticket__lines">
                {mergeIdenticalLines(ticket.lines).map((line) => (
                  <li key={line.id} className="kitchen-line">
                    <span className="kitchen-line__name">
                      <span className="kitchen-line__units">{line.units}×</span>
                      {line.name}
                    </span>
                    <LineChoices choices={line.choices} full={false} />
                  </li>
                ))}
              </ul>
            </div>
          ))}
          <div className="kitchen-ticket__actions">
            <button
              type="button"
              className="button button--large"
              onClick={() => {
                const lines = readyNow.filter((line) => line.actions.includes('addToHotTable'));
                if (lines.length > 0) void props.act('addToHotTable', lines);
                setJustReady([]);
              }}
            >
              {t('actions.addToHotTableAll')}
            </button>
            <button
              type="button"
              className="button button--primary button--large"
              onClick={() => setJustReady([])}
            >
              {t('orderReady.dismiss')}
            </button>
          </div>
        </div>
      </Modal>
    </div>
  );
}
