import { useMemo, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { Modal } from '../../../components/modal/modal.tsx';
import { playKitchenSound } from '../kitchen-sound.ts';
import { passLines } from '../kitchen-views.ts';
import { groupTickets, mergeIdenticalLines, type Ticket } from '../tickets.ts';
import { useArrivals } from '../use-arrivals.ts';
import type { BoardProps } from './kitchen-board.tsx';
import { LineChoices } from './line-choices.tsx';
import { TicketCard, type LineButton } from './ticket-card.tsx';
import { TicketFooter } from './ticket-footer.tsx';

/** Pasante: what is ready at the pass and the hot table, with the order-ready overlay when food comes up. */
export function PassView(props: BoardProps) {
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
