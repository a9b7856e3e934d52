import { PRODUCT_ORDER_STATUS } from '@sobremesa/domain';
import { useMemo, type CSSProperties } from 'react';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { barDrinkLines, kitchenAccounts, splitScheduled } from '../kitchen-views.ts';
import { groupTickets } from '../tickets.ts';
import { ACCOUNTS_SHARES, type StationViewOptions } from '../view-options.ts';
import { CookTickets, useNewTicketAlert, type BoardProps } from './kitchen-board.tsx';
import { AccountItem } from './accounts-overlay.tsx';
import { ScheduledTickets } from './scheduled-tickets.tsx';

/** Barra: the accounts beside the drinks to prepare, split 90 / 50 / 10 (spec §2). */
export function BarView(props: BoardProps & { onOptions: (options: StationViewOptions) => void }) {
  const { day, options } = props;
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
                  <AccountItem key={account.reservationId} account={account}>
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
                  </AccountItem>
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
            <CookTickets tickets={tickets} board={props} bulk={['finishPreparation']} />
          )}
          <ScheduledTickets lines={scheduled} {...props} />
        </section>
      </div>
    </>
  );
}
