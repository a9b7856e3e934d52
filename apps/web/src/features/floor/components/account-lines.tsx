import type { FloorReservation } from '@sobremesa/contracts';
import {
  allowedLineOperations,
  productOrderStatusName,
  RESERVATION_STATUS_CODES,
  type KitchenOperation,
  type OrderingActor,
} from '@sobremesa/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../components/toast/toast-store.ts';
import { useLocale } from '../../../i18n/use-locale.ts';
import { formatMoney } from '../../../i18n/format.ts';
import { FLOOR_QUERY_KEY, type FloorCalls } from '../api/floor-api.ts';
import { reportFloorError } from '../floor-errors.ts';

type Line = NonNullable<FloorReservation['cartSession']>['productOrders'][number];

/** What the floor does to a line here; the kitchen's buttons (start, ready, serve) live on its screens. */
const FLOOR_LINE_OPERATIONS = [
  'toggleMenuIncluded',
  'cancel',
  'markAsLoss',
] as const satisfies readonly KitchenOperation[];
type FloorLineOperation = (typeof FLOOR_LINE_OPERATIONS)[number];

/** A void or a write-off cannot be taken back, so it asks first; the menu toggle flips back with a tap. */
type Confirmed = Exclude<FloorLineOperation, 'toggleMenuIncluded'>;
const asksFirst = (operation: FloorLineOperation): operation is Confirmed =>
  operation !== 'toggleMenuIncluded';

export interface AccountLinesProps {
  readonly reservation: FloorReservation;
  readonly actor: OrderingActor;
  readonly currency: string;
  readonly calls: FloorCalls;
}

/**
 * The account's order as the floor sees it: each line with its status and price, and what the waiter may
 * put right (the role × line rules of the domain, which the server checks again): void a line entered by
 * mistake, write off one made and lost, or count a dish in the menú del día (it then costs nothing) and
 * back.
 */
export function AccountLines({ reservation, actor, currency, calls }: AccountLinesProps) {
  const { t } = useTranslation('floor');
  const { locale } = useLocale();
  const client = useQueryClient();
  const headingId = useId();
  const [asking, setAsking] = useState<{ id: number; operation: Confirmed } | null>(null);
  const [busy, setBusy] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const keep = useRef<HTMLButtonElement>(null);
  // The buttons a question replaces are gone: the focus goes to its safe answer, and back to the heading
  // once it is answered (in the task that draws it, decision 018).
  const asked = useRef(false);
  useLayoutEffect(() => {
    if (asking) keep.current?.focus();
    else if (asked.current) heading.current?.focus();
    asked.current = asking !== null;
  }, [asking]);
  const lines = reservation.cartSession?.productOrders ?? [];
  if (lines.length === 0) return null;
  const money = (cents: number) => formatMoney(cents, locale, currency);
  // A line with courses under it is a menú del día.
  const menuIds = new Set(lines.map((line) => line.parentId).filter((id) => id !== null));

  function operationsOf(line: Line): FloorLineOperation[] {
    const allowed = allowedLineOperations(actor, {
      status: line.statusProductOrder,
      held: line.held,
      productType: line.type,
      paid: line.paid,
      isMenu: menuIds.has(line.productOrderId),
      modifyDishClass: false,
      billRequested: reservation.status === RESERVATION_STATUS_CODES.forPayment,
    });
    return FLOOR_LINE_OPERATIONS.filter((operation) => allowed.includes(operation));
  }

  async function act(line: Line, operation: FloorLineOperation) {
    setBusy(true);
    try {
      if (operation === 'toggleMenuIncluded') await calls.toggleMenuIncluded(line.productOrderId);
      else await calls.lines(operation, [line.productOrderId]);
      // Said once the account shows it, so the next tap lands on the line as it is now.
      await client.invalidateQueries({ queryKey: FLOOR_QUERY_KEY });
      toast.success(t(`lines.done.${operation}`, { name: line.name }));
      setAsking(null);
    } catch (error) {
      setAsking(null);
      reportFloorError(error, t, client);
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="floor-lines" aria-labelledby={headingId}>
      <h3 id={headingId} ref={heading} tabIndex={-1} className="floor-lines__heading">
        {t('lines.heading')}
      </h3>
      <ul className="floor-lines__list">
        {lines.map((line) => {
          const status = productOrderStatusName(line.statusProductOrder);
          const gone = line.statusProductOrder < 0;
          const question = asking?.id === line.productOrderId ? asking.operation : null;
          return (
            <li
              key={line.productOrderId}
              className={`floor-line${line.parentId === null ? '' : ' floor-line--course'}${gone ? ' floor-line--gone' : ''}`}
              data-product-order-id={line.productOrderId}
            >
              <p className="floor-line__what">
                <span className="floor-line__name">
                  {line.units}× {line.name}
                </span>
                <span className="floor-line__status">
                  {t(`lineStatus.${status ?? 'unknown'}`)}
                  {line.menuIncluded && ` · ${t('lines.inMenu')}`}
                  {line.paid && ` · ${t('lines.paid')}`}
                </span>
                <strong className="floor-line__price">{money(line.units * line.priceCents)}</strong>
              </p>
              {question ? (
                <div
                  className="floor-line__confirm"
                  role="group"
                  aria-label={t(`lines.ask.${question}`, { name: line.name })}
                >
                  <span>{t(`lines.ask.${question}`, { name: line.name })}</span>
                  <button
                    type="button"
                    className="button button--large button--danger"
                    aria-busy={busy}
                    onClick={() => {
                      if (!busy) void act(line, question);
                    }}
                  >
                    {t(`lines.yes.${question}`)}
                  </button>
                  <button
                    ref={keep}
                    type="button"
                    className="button button--large"
                    onClick={() => setAsking(null)}
                  >
                    {t('lines.no')}
                  </button>
                </div>
              ) : (
                <div
                  className="floor-line__actions"
                  role="group"
                  aria-label={t('lines.actionsFor', { name: line.name })}
                >
                  {operationsOf(line).map((operation) => (
                    <button
                      key={operation}
                      type="button"
                      className="button floor-line__action"
                      aria-busy={busy}
                      onClick={() => {
                        if (busy) return;
                        if (asksFirst(operation)) setAsking({ id: line.productOrderId, operation });
                        else void act(line, operation);
                      }}
                    >
                      {operation === 'toggleMenuIncluded'
                        ? t(line.menuIncluded ? 'lines.chargeApart' : 'lines.includeInMenu')
                        : t(`lines.${operation}`)}
                    </button>
                  ))}
                </div>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
