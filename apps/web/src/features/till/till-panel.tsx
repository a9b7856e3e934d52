import type { AccountingConfig } from '@sobremesa/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { Modal } from '../../components/modal/modal.tsx';
import { formatDate, formatMoney, formatTime } from '../../i18n/format.ts';
import { useLocale } from '../../i18n/use-locale.ts';
import { loadChunk } from '../../lib/lazy-chunk.ts';
import { REPORTS_QUERY_KEY } from '../../lib/reports-api.ts';
import {
  isTillEvent,
  TILL_QUERY_KEY,
  tillCalls,
  tillStatusQuery,
  type SnapshotType,
  type TillCalls,
  type ZScope,
} from './api/till-api.ts';
import type { Counted } from './api/count-cash.ts';
import { CashCount } from './components/cash-count.tsx';
import { CashMovement } from './components/cash-movement.tsx';
import { DifferenceLine } from './components/difference-line.tsx';
import { ReopenShift } from './components/reopen-shift.tsx';
import { ZReportView } from './components/z-report-view.tsx';
import { tillErrorText } from './till-errors.ts';
import type { PrintReport } from './till-print.ts';
import './till.css';
import { useRealtimeEvents } from '../../lib/realtime.tsx';

/** Today's reports, with uPlot: downloaded when the TPV opens them, not with the till. */
const DayReport = lazy(() =>
  loadChunk(() => import('./components/day-report.tsx')).then((module) => ({ default: module.DayReport })),
);

export interface TillPanelProps {
  readonly roleId: number | null;
  readonly currency: string;
  readonly timeZone: string;
  /** The venue's drawers with their denominations and its card readers (accounting-config). */
  readonly accounting: AccountingConfig | undefined;
  /** Given when the venue prints (printEnabled): prints the Z through the local helper. */
  readonly printReport?: PrintReport;
}

type Overlay =
  | { readonly kind: 'count'; readonly type: SnapshotType }
  | { readonly kind: 'closed'; readonly type: SnapshotType; readonly reply: Counted }
  | { readonly kind: 'movement'; readonly type: 0 | 1 }
  | { readonly kind: 'reopen'; readonly shiftId: number }
  | { readonly kind: 'z'; readonly scope: ZScope }
  | { readonly kind: 'dayReport' };

/**
 * The till on the TPV (issue 24, decisions 033 and 044): whether it is open, with its float and what the
 * drawer should hold; opening the day with a counted float; cash in and out; the count at a change of
 * shift or at the end of the day, then its Z report; reopening the last shift, with who reopened it and
 * when. While it is closed the server refuses payments, and the screen says so first.
 */
export function TillPanel({ roleId, currency, timeZone, accounting, printReport }: TillPanelProps) {
  const { t } = useTranslation('till');
  const { locale } = useLocale();
  const client = useQueryClient();
  const status = useQuery(tillStatusQuery(roleId));
  const calls = useMemo(() => tillCalls(roleId), [roleId]);
  const [overlay, setOverlay] = useState<Overlay | null>(null);
  const money = useCallback((cents: number) => formatMoney(cents, locale, currency), [locale, currency]);
  const time = (iso: string) => formatTime(new Date(iso), locale, timeZone);

  useRealtimeEvents((event) => {
    if (!isTillEvent(event)) return;
    void client.invalidateQueries({ queryKey: TILL_QUERY_KEY });
    void client.invalidateQueries({ queryKey: REPORTS_QUERY_KEY });
  });

  const shift = status.data?.shift ?? null;
  const open = shift?.status === 'open' ? shift : null;
  const balance = status.data?.balance ?? null;
  const reopened = status.data?.reopened ?? null;
  const printProps = printReport ? { printReport } : {};

  const counted = (type: SnapshotType, reply: Counted) =>
    setOverlay(type === 1 ? null : { kind: 'closed', type, reply });

  const overlayTitle = (current: Overlay) => {
    switch (current.kind) {
      case 'count':
      case 'closed':
        return t(
          current.type === 1 ? 'overlays.open' : current.type === 2 ? 'overlays.handover' : 'overlays.dayEnd',
        );
      case 'movement':
        return t('overlays.movement');
      case 'reopen':
        return t('overlays.reopen');
      case 'z':
        return t('overlays.z');
      case 'dayReport':
        return t('overlays.dayReport');
    }
  };

  return (
    <section className={`till${open ? ' till--open' : ' till--closed'}`} aria-label={t('heading')}>
      {status.isError && (
        <p className="notice notice--error" role="alert">
          <span className="notice__body">{tillErrorText(status.error, t, 'errors.status')}</span>
        </p>
      )}
      {status.isPending && <p className="muted">{t('status.loading')}</p>}
      {status.data && (
        <>
          <div className="till__state" role="status">
            <strong className="till__title">
              {open ? t('status.open', { time: time(open.openedAt) }) : t('status.closed')}
            </strong>
            {open ? (
              <span className="till__figures">
                <span>{t('status.float', { amount: money(open.floatCents) })}</span>
                {balance?.expectedCashCents !== undefined && (
                  <span>{t('status.expected', { amount: money(balance.expectedCashCents) })}</span>
                )}
                {balance?.cardRecordedCents !== undefined && (
                  <span>{t('status.card', { amount: money(balance.cardRecordedCents) })}</span>
                )}
                {balance?.blind && <span>{t('status.blind')}</span>}
              </span>
            ) : (
              <span className="till__hint">
                {t('status.closedHint')}
                {shift?.closedAt &&
                  ` ${t(shift.endsDay ? 'status.dayClosed' : 'status.lastClosed', { time: time(shift.closedAt) })}`}
              </span>
            )}
            {reopened && (
              <span className="till__reopened">
                {t('status.reopened', {
                  by: reopened.by,
                  when: `${formatDate(new Date(reopened.at), locale, timeZone)} ${time(reopened.at)}`,
                  reason: reopened.reason,
                })}
              </span>
            )}
          </div>
          {open && status.data.movements.length > 0 && (
            <ul className="till__movements" aria-label={t('status.movements')}>
              {status.data.movements.map((movement) => (
                <li key={movement.id}>
                  {t(movement.type === 0 ? 'movement.out' : 'movement.in')} {money(movement.amount)} ·{' '}
                  {movement.reason} · {time(movement.createdAt)}
                </li>
              ))}
            </ul>
          )}
          <div className="till-actions">
            {open ? (
              <>
                <button
                  type="button"
                  className="button button--large"
                  onClick={() => setOverlay({ kind: 'movement', type: 1 })}
                >
                  {t('actions.cashIn')}
                </button>
                <button
                  type="button"
                  className="button button--large"
                  onClick={() => setOverlay({ kind: 'movement', type: 0 })}
                >
                  {t('actions.cashOut')}
                </button>
                <button
                  type="button"
                  className="button button--large"
                  onClick={() => setOverlay({ kind: 'count', type: 2 })}
                >
                  {t('actions.handover')}
                </button>
                <button
                  type="button"
                  className="button button--large"
                  onClick={() => setOverlay({ kind: 'count', type: 3 })}
                >
                  {t('actions.dayEnd')}
                </button>
                <button
                  type="button"
                  className="button button--large button--quiet"
                  onClick={() => setOverlay({ kind: 'z', scope: { shiftId: open.id } })}
                >
                  {t('actions.z')}
                </button>
              </>
            ) : (
              <>
                <button
                  type="button"
                  className="button button--primary button--large"
                  onClick={() => setOverlay({ kind: 'count', type: 1 })}
                >
                  {t('actions.open')}
                </button>
                {shift && (
                  <>
                    <button
                      type="button"
                      className="button button--large button--quiet"
                      onClick={() =>
                        setOverlay({
                          kind: 'z',
                          scope: shift.endsDay ? { date: shift.logicalDate } : { shiftId: shift.id },
                        })
                      }
                    >
                      {t('actions.z')}
                    </button>
                    <button
                      type="button"
                      className="button button--large button--quiet"
                      onClick={() => setOverlay({ kind: 'reopen', shiftId: shift.id })}
                    >
                      {t('actions.reopen')}
                    </button>
                  </>
                )}
              </>
            )}
            <button
              type="button"
              className="button button--large button--quiet"
              onClick={() => setOverlay({ kind: 'dayReport' })}
            >
              {t('actions.dayReport')}
            </button>
          </div>
        </>
      )}

      {overlay && (
        <Modal
          open
          size={overlay.kind === 'movement' || overlay.kind === 'reopen' ? 'medium' : 'large'}
          className={`till-overlay${overlay.kind === 'dayReport' ? ' till-overlay--report' : ''}`}
          title={overlayTitle(overlay)}
          onClose={() => setOverlay(null)}
        >
          {overlay.kind === 'count' && !accounting && <p className="muted">{t('status.loading')}</p>}
          {overlay.kind === 'count' && accounting && (
            <CashCount
              type={overlay.type}
              drawers={accounting.cashDrawers}
              readers={accounting.cardReaders}
              drawerId={open?.cashDrawerId ?? null}
              balance={overlay.type === 1 ? null : balance}
              roleId={roleId}
              money={money}
              onCounted={(reply) => counted(overlay.type, reply)}
            />
          )}
          {overlay.kind === 'closed' && (
            <ClosedShift
              reply={overlay.reply}
              type={overlay.type}
              roleId={roleId}
              calls={calls}
              money={money}
              {...printProps}
            />
          )}
          {overlay.kind === 'movement' && open && (
            <CashMovement
              drawerId={open.cashDrawerId}
              initialType={overlay.type}
              roleId={roleId}
              onDone={() => setOverlay(null)}
            />
          )}
          {overlay.kind === 'reopen' && (
            <ReopenShift shiftId={overlay.shiftId} roleId={roleId} onDone={() => setOverlay(null)} />
          )}
          {overlay.kind === 'dayReport' && (
            <Suspense fallback={<p className="muted">{t('status.loading')}</p>}>
              <DayReport roleId={roleId} />
            </Suspense>
          )}
          {overlay.kind === 'z' && (
            <ZReportView scope={overlay.scope} roleId={roleId} calls={calls} money={money} {...printProps} />
          )}
        </Modal>
      )}
    </section>
  );
}

interface ClosedShiftProps {
  readonly reply: Counted;
  readonly type: SnapshotType;
  readonly roleId: number | null;
  readonly calls: TillCalls;
  readonly money: (cents: number) => string;
  readonly printReport?: PrintReport;
}

/** After a close: the count against what was expected (not on a blind count), then the Z of what closed. */
function ClosedShift({ reply, type, roleId, calls, money, printReport }: ClosedShiftProps) {
  const { t } = useTranslation('till');
  const closed = reply.closed;
  if (!closed) return null;
  const { balance } = closed;
  const scope: ZScope = type === 3 ? { date: closed.shift.logicalDate } : { shiftId: closed.shift.id };
  return (
    <div className="till-closed">
      <p className="till-closed__title" role="status">
        <strong>{t(type === 3 ? 'result.dayClosed' : 'result.closed')}</strong>
        {balance.countedCashCents !== undefined &&
          ` ${t('result.counted', { amount: money(balance.countedCashCents) })}`}
        {reply.opened && ` ${t('result.next', { amount: money(reply.opened.floatCents) })}`}
      </p>
      {balance.expectedCashCents !== undefined && balance.countedCashCents !== undefined && (
        <DifferenceLine
          className="till-closed__cash"
          label={t('count.difference')}
          found={balance.countedCashCents}
          expected={balance.expectedCashCents}
          money={money}
        />
      )}
      {balance.cardRecordedCents !== undefined &&
        balance.cardReaderCents !== undefined &&
        balance.cardReaderCents !== null && (
          <DifferenceLine
            label={t('count.cardDifference')}
            found={balance.cardReaderCents}
            expected={balance.cardRecordedCents}
            money={money}
          />
        )}
      <ZReportView
        scope={scope}
        roleId={roleId}
        calls={calls}
        money={money}
        {...(printReport ? { printReport } : {})}
      />
    </div>
  );
}
