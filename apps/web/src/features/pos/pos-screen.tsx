import type { FloorReservation } from '@sobremesa/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { Modal } from '../../components/modal/modal.tsx';
import { formatMoney } from '../../i18n/format.ts';
import { useLocale } from '../../i18n/use-locale.ts';
import { isPosEvent, POS_QUERY_KEY, posCalls, posDayQuery } from './api/pos-api.ts';
import { FastPaid } from './components/fast-paid.tsx';
import { FinishAccount } from './components/finish-account.tsx';
import { HistoricProducts } from './components/historic-products.tsx';
import { IssuedInvoices } from './components/issued-invoices.tsx';
import { PromotionOnAccount } from './components/promotion-on-account.tsx';
import { posErrorText } from './pos-errors.ts';
import { ITEM_ORDERS, openAccounts, soldItems, type ItemOrder } from './pos-model.ts';
import type { PrintTicket } from './pos-print.ts';
import './pos.css';
import { useRealtimeEvents } from '../../lib/realtime.tsx';

export interface PosScreenProps {
  readonly roleId: number | null;
  /** The server's logical date (06:00 boundary): the accounts are that service day's. */
  readonly logicalDate: string;
  /** The venue's currency (ISO 4217); amounts arrive in its minor unit. */
  readonly currency: string;
  readonly tipsEnabled: boolean;
  /** Given when the venue prints (printEnabled): prints a bill's ticket through the local helper. */
  readonly printTicket?: PrintTicket;
  /** The till (features/till, given by the route): open or closed, counts and the Z, above the accounts. */
  readonly till?: ReactNode;
  /** Whether the acting role may correct and cancel issued invoices (the server's `correctInvoice`). */
  readonly mayCorrectInvoices: boolean;
}

type Section = 'accounts' | 'items' | 'invoices';
const SECTIONS: readonly Section[] = ['accounts', 'items', 'invoices'];
type OverlayKind = 'finish' | 'fastCard' | 'fastCash' | 'promotion' | 'historic';
interface Overlay {
  readonly kind: OverlayKind;
  /** A snapshot: the overlay stays on the account after it is paid and leaves the list. */
  readonly reservation: FloorReservation;
}

/**
 * The point of sale (TPV, spec §2): the day's open accounts with what each owes, those asking for the bill
 * first and highlighted (live, through the billing and notification events), the products sold, the
 * invoices issued with their corrections and cancellations (decision 057), and the payment overlays.
 */
export function PosScreen(props: PosScreenProps) {
  const { roleId, logicalDate, currency, tipsEnabled, printTicket, till, mayCorrectInvoices } = props;
  const { t } = useTranslation('pos');
  const { locale } = useLocale();
  const client = useQueryClient();
  const day = useQuery(posDayQuery(roleId, logicalDate));
  const [section, setSection] = useState<Section>('accounts');
  const [itemOrder, setItemOrder] = useState<ItemOrder>('top');
  const [overlay, setOverlay] = useState<Overlay | null>(null);
  const calls = useMemo(() => posCalls(roleId), [roleId]);
  const money = useCallback((cents: number) => formatMoney(cents, locale, currency), [locale, currency]);

  useRealtimeEvents((event) => {
    if (isPosEvent(event)) void client.invalidateQueries({ queryKey: [...POS_QUERY_KEY, 'day'] });
  });

  const accounts = useMemo(() => (day.data ? openAccounts(day.data) : []), [day.data]);
  const items = useMemo(() => (day.data ? soldItems(day.data, itemOrder) : []), [day.data, itemOrder]);

  const open = (kind: OverlayKind, reservation: FloorReservation) => setOverlay({ kind, reservation });
  const printProps = printTicket ? { printTicket } : {};

  return (
    <section className="pos" aria-label={t('heading')}>
      {till}
      <div className="pos__sections" role="group" aria-label={t('sections.label')}>
        {SECTIONS.map((option) => (
          <button
            key={option}
            type="button"
            className="pos-chip pos-chip--section"
            aria-pressed={section === option}
            onClick={() => setSection(option)}
          >
            {t(`sections.${option}`)}
          </button>
        ))}
      </div>

      {section !== 'invoices' && day.isError && (
        <p className="notice notice--error" role="alert">
          <span className="notice__body">{posErrorText(day.error, t, 'errors.generic')}</span>
        </p>
      )}
      {section !== 'invoices' && day.isPending && <p className="muted">{t('loading')}</p>}

      {day.data && section === 'accounts' && (
        <>
          <h2 className="pos__subheading">{t('accounts.all')}</h2>
          {accounts.length === 0 ? (
            <p className="pos__empty">{t('accounts.empty')}</p>
          ) : (
            <ul className="pos-accounts">
              {accounts.map((account) => {
                const { reservation } = account;
                return (
                  <li
                    key={reservation.id}
                    className={account.askingForBill ? 'pos-account pos-account--asking' : 'pos-account'}
                    data-reservation-id={reservation.id}
                    data-asking={account.askingForBill}
                  >
                    <div className="pos-account__who">
                      <span className="pos-account__table">{reservation.table ?? t('accounts.noTable')}</span>
                      <span>
                        {reservation.name} · {t('accounts.pax', { count: reservation.pax })}
                      </span>
                      {account.askingForBill && (
                        <span className="pos-account__asking">
                          {reservation.requestedPaymentMethod
                            ? t('accounts.askingWith', {
                                method: t(`methods.${reservation.requestedPaymentMethod as 'cash'}`),
                              })
                            : t('accounts.asking')}
                        </span>
                      )}
                    </div>
                    <div className="pos-account__money">
                      <span className="muted">
                        {t('accounts.total', { amount: money(account.totalCents) })}
                      </span>
                      <strong className="pos-account__pending">
                        {t('accounts.pending', { amount: money(account.pendingCents) })}
                      </strong>
                    </div>
                    <div className="pos-actions pos-account__actions">
                      <button
                        type="button"
                        className="button button--primary button--large"
                        onClick={() => open('finish', reservation)}
                      >
                        {t('actions.finish')}
                      </button>
                      <button
                        type="button"
                        className="button button--large"
                        onClick={() => open('fastCard', reservation)}
                      >
                        {t('actions.fastCard')}
                      </button>
                      <button
                        type="button"
                        className="button button--large"
                        onClick={() => open('fastCash', reservation)}
                      >
                        {t('actions.fastCash')}
                      </button>
                      <button
                        type="button"
                        className="button button--large"
                        onClick={() => open('promotion', reservation)}
                      >
                        {t('actions.promotion')}
                      </button>
                      <button
                        type="button"
                        className="button button--large"
                        onClick={() => open('historic', reservation)}
                      >
                        {t('actions.historic')}
                      </button>
                    </div>
                  </li>
                );
              })}
            </ul>
          )}
        </>
      )}

      {day.data && section === 'items' && (
        <>
          <div className="pos__items-bar">
            <h2 className="pos__subheading">{t('items.heading')}</h2>
            <label className="field pos-field pos-field--inline">
              <span>{t('items.order')}</span>
              <select
                className="select"
                value={itemOrder}
                onChange={(event) => setItemOrder(event.target.value as ItemOrder)}
              >
                {ITEM_ORDERS.map((option) => (
                  <option key={option} value={option}>
                    {t(`items.orders.${option}`)}
                  </option>
                ))}
              </select>
            </label>
          </div>
          {items.length === 0 ? (
            <p className="pos__empty">{t('items.empty')}</p>
          ) : (
            <table className="pos-items">
              <thead>
                <tr>
                  <th scope="col">{t('items.product')}</th>
                  <th scope="col" className="pos-amount">
                    {t('items.units')}
                  </th>
                  <th scope="col" className="pos-amount">
                    {t('items.amount')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {items.map((item) => (
                  <tr key={item.sku}>
                    <td>{item.name}</td>
                    <td className="pos-amount">{item.units}</td>
                    <td className="pos-amount">{money(item.totalCents)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </>
      )}

      {section === 'invoices' && (
        <IssuedInvoices
          roleId={roleId}
          logicalDate={logicalDate}
          calls={calls}
          money={money}
          mayCorrect={mayCorrectInvoices}
        />
      )}

      {overlay && (
        <Modal
          open
          size={overlay.kind === 'finish' ? 'large' : 'medium'}
          className="pos-overlay"
          title={t(`overlays.${overlay.kind}`, {
            table: overlay.reservation.table ?? overlay.reservation.name,
          })}
          onClose={() => setOverlay(null)}
        >
          {overlay.kind === 'finish' && (
            <FinishAccount
              reservation={overlay.reservation}
              roleId={roleId}
              calls={calls}
              money={money}
              tipsEnabled={tipsEnabled}
              {...printProps}
            />
          )}
          {(overlay.kind === 'fastCard' || overlay.kind === 'fastCash') && (
            <FastPaid
              method={overlay.kind === 'fastCard' ? 'card' : 'cash'}
              reservation={overlay.reservation}
              roleId={roleId}
              calls={calls}
              money={money}
              {...printProps}
            />
          )}
          {overlay.kind === 'promotion' && (
            <PromotionOnAccount reservation={overlay.reservation} roleId={roleId} money={money} />
          )}
          {overlay.kind === 'historic' && (
            <HistoricProducts reservation={overlay.reservation} money={money} />
          )}
        </Modal>
      )}
    </section>
  );
}
