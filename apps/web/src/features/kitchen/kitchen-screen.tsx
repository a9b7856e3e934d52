import type { CopilotView } from '@sobremesa/domain';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { Modal } from '../../components/modal/modal.tsx';
import { serverMessage } from '../../lib/api-client.ts';
import type { LineOperation } from './api/update-lines.ts';
import { AccountsOverlay } from './components/accounts-overlay.tsx';
import { BarView } from './components/bar-view.tsx';
import { KitchenBoard, type BoardProps } from './components/kitchen-board.tsx';
import { PassView } from './components/pass-view.tsx';
import { StationFilter } from './components/station-filter.tsx';
import { UndoBar } from './components/undo-bar.tsx';
import { ViewOptionsForm } from './components/view-options-form.tsx';
import { kitchenAccounts, type ScreenFilter } from './kitchen-views.ts';
import type { KitchenLine } from './tickets.ts';
import { useKitchenFeed } from './use-kitchen-feed.ts';
import { readZoneFilter } from '../../lib/zone-filter.ts';
import { readViewOptions, writeViewOptions, type StationViewOptions } from './view-options.ts';
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

      {day && feed.now !== null && (
        <StationBoard
          // A new filter starts the board afresh: its own choices, its tickets in flight.
          key={filterKey}
          view={view}
          day={day}
          feed={feed}
          now={feed.now}
          filter={filter}
          options={options}
          act={act}
          onOptions={changeOptions}
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

/** The board the station reads: the bar's, the pass's, or a kitchen station's. */
function StationBoard({
  view,
  onOptions,
  ...board
}: BoardProps & { readonly view: CopilotView; readonly onOptions: (options: StationViewOptions) => void }) {
  if (view === 'Barra') return <BarView {...board} onOptions={onOptions} />;
  if (view === 'Pasante') return <PassView {...board} />;
  return <KitchenBoard {...board} />;
}
