import type { FloorReservation } from '@sobremesa/contracts';
import {
  allowedLineOperations,
  productOrderStatusName,
  RESERVATION_STATUS_CODES,
  type KitchenOperation,
  type OrderingActor,
  isClosedStatus,
} from '@sobremesa/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { toast } from '../../../components/toast/toast-store.ts';
import { productsBySku } from '../../../lib/menu-products.ts';
import { useLocale } from '../../../i18n/use-locale.ts';
import { formatMoney } from '../../../i18n/format.ts';
import { floorMenuQuery, useFloorWrite, type FloorCalls, type MoveTarget } from '../api/floor-api.ts';
import { reportFloorError } from '../floor-errors.ts';
import { choiceNames } from '../line-choices.ts';
import { isIncomplete, openCourses } from '../menu-completion.ts';
import { CompleteMenu } from './complete-menu.tsx';
import { CoursePicker, MovePicker } from './line-corrections.tsx';

type Line = NonNullable<FloorReservation['cartSession']>['productOrders'][number];

/** What the floor does to a line at once; the kitchen's buttons (start, ready, serve) live on its screens. */
const FLOOR_LINE_OPERATIONS = [
  'toggleMenuIncluded',
  'cancel',
  'markAsLoss',
] as const satisfies readonly KitchenOperation[];
/** The corrections behind a line's "Más" (issue 25): every other line call the server allows the role. */
const CORRECTIONS = [
  'reject',
  'markAsPaid',
  'updateDishClass',
  'moveReservation',
  'completeMenu',
] as const satisfies readonly KitchenOperation[];
type FloorLineOperation = (typeof FLOOR_LINE_OPERATIONS)[number];
type Correction = (typeof CORRECTIONS)[number];

/** A void, a rejection, a write-off or a line marked paid cannot be taken back, so they ask first. */
type Confirmed = 'cancel' | 'markAsLoss' | 'reject' | 'markAsPaid';
type Panel =
  | { readonly id: number; readonly kind: 'confirm'; readonly operation: Confirmed }
  | { readonly id: number; readonly kind: 'course' | 'move' };

export interface AccountLinesProps {
  readonly reservation: FloorReservation;
  /** The day's other accounts a line may move to (seated or paying). */
  readonly accounts: readonly FloorReservation[];
  readonly actor: OrderingActor;
  readonly currency: string;
  readonly calls: FloorCalls;
  readonly roleId: number | null;
}

/**
 * The account's order as the floor sees it: each line with its status and price, and what the waiter may
 * put right (the role × line rules of the domain, which the server checks again): void a line entered by
 * mistake, write off one made and lost, count a dish in the menú del día (it then costs nothing) and back;
 * behind "Más", reject a dish the kitchen cannot make, mark a line paid apart, move it to another course or
 * to another (or a new) account, and complete a menú del día a course is missing from.
 */
export function AccountLines({ reservation, accounts, actor, currency, calls, roleId }: AccountLinesProps) {
  const { t } = useTranslation('floor');
  const { locale } = useLocale();
  const client = useQueryClient();
  const headingId = useId();
  const menuQuery = useQuery(floorMenuQuery(roleId));
  const menu = menuQuery.data;
  const products = useMemo(() => productsBySku(menu?.menus ?? []), [menu]);
  const [panel, setPanel] = useState<Panel | null>(null);
  const [more, setMore] = useState<number | null>(null);
  const [completing, setCompleting] = useState<number | null>(null);
  const { write, busy } = useFloorWrite();
  const heading = useRef<HTMLHeadingElement>(null);
  const keep = useRef<HTMLButtonElement>(null);
  // The buttons a question replaces are gone: the focus goes to its safe answer, and back to the heading
  // once it is answered (in the task that draws it, decision 018).
  const asked = useRef(false);
  useLayoutEffect(() => {
    if (panel) keep.current?.focus();
    else if (asked.current) heading.current?.focus();
    asked.current = panel !== null;
  }, [panel]);
  const lines = reservation.cartSession?.productOrders ?? [];
  if (lines.length === 0) return null;
  const money = (cents: number) => formatMoney(cents, locale, currency);
  // A line with courses under it, or a menú del día product, is a menu.
  const menuIds = new Set(lines.map((line) => line.parentId).filter((id) => id !== null));
  const childrenOf = (line: Line) => lines.filter((other) => other.parentId === line.productOrderId);
  const coursesOf = (line: Line) =>
    openCourses(products.get(line.productSku)?.menuCourses ?? [], childrenOf(line));
  const dishClasses = menu?.dishClasses ?? [];

  function allowedOf(line: Line): KitchenOperation[] {
    const product = products.get(line.productSku);
    return allowedLineOperations(actor, {
      status: line.statusProductOrder,
      held: line.held,
      productType: line.type,
      paid: line.paid,
      isMenu: menuIds.has(line.productOrderId) || product?.isMenu === 'SI',
      modifyDishClass: (product?.modifyDishClass ?? false) && dishClasses.length > 1,
      billRequested: reservation.status === RESERVATION_STATUS_CODES.forPayment,
    });
  }
  const operationsOf = (line: Line): FloorLineOperation[] =>
    FLOOR_LINE_OPERATIONS.filter((operation) => allowedOf(line).includes(operation));
  function correctionsOf(line: Line): Correction[] {
    // Courses and menus come with the staff menu: "Más" waits for it, so it never grows under the finger.
    if (menuQuery.isPending) return [];
    const allowed = allowedOf(line);
    return CORRECTIONS.filter((operation) => {
      if (!allowed.includes(operation)) return false;
      // A course moves with its menu: the server refuses to move it alone.
      if (operation === 'moveReservation') return line.parentId === null;
      if (operation === 'completeMenu') return isIncomplete(coursesOf(line));
      return true;
    });
  }

  async function act(send: () => Promise<unknown>, done: string) {
    try {
      // Said once the account shows it, so the next tap lands on the line as it is now.
      await write({ send });
      toast.success(done);
      setPanel(null);
      setMore(null);
      return true;
    } catch (error) {
      setPanel(null);
      reportFloorError(error, t, client);
      return false;
    }
  }

  function confirmed(line: Line, operation: Confirmed) {
    const work =
      operation === 'markAsPaid'
        ? () => calls.markAsPaid([line.productOrderId])
        : () => calls.lines(operation, [line.productOrderId]);
    void act(work, t(`lines.done.${operation}`, { name: line.name }));
  }

  function toggle(line: Line) {
    void act(
      () => calls.toggleMenuIncluded(line.productOrderId),
      t('lines.done.toggleMenuIncluded', { name: line.name }),
    );
  }

  function correct(line: Line, operation: Correction) {
    if (operation === 'reject' || operation === 'markAsPaid')
      setPanel({ id: line.productOrderId, kind: 'confirm', operation });
    else if (operation === 'updateDishClass') setPanel({ id: line.productOrderId, kind: 'course' });
    else if (operation === 'moveReservation') setPanel({ id: line.productOrderId, kind: 'move' });
    else setCompleting(line.productOrderId);
  }

  function move(line: Line, target: MoveTarget, targetName: string) {
    return act(
      () => calls.moveLines([line.productOrderId], reservation.id, target),
      t('lines.done.moveReservation', { name: line.name, target: targetName }),
    );
  }

  const completingLine = lines.find((line) => line.productOrderId === completing) ?? null;

  return (
    <section className="floor-lines" aria-labelledby={headingId}>
      <h3 id={headingId} ref={heading} tabIndex={-1} className="floor-lines__heading">
        {t('lines.heading')}
      </h3>
      <ul className="floor-lines__list">
        {lines.map((line) => {
          const status = productOrderStatusName(line.statusProductOrder);
          const gone = isClosedStatus(line.statusProductOrder);
          const open = panel?.id === line.productOrderId ? panel : null;
          const corrections = correctionsOf(line);
          const chosen = choiceNames(line.choices);
          const moreOpen = more === line.productOrderId;
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
                {chosen.length > 0 && <span className="floor-line__choices">{chosen.join(' · ')}</span>}
                <span className="floor-line__status">
                  {t(`lineStatus.${status ?? 'unknown'}`)}
                  {line.menuIncluded && ` · ${t('lines.inMenu')}`}
                  {line.paid && ` · ${t('lines.paid')}`}
                </span>
                <strong className="floor-line__price">{money(line.units * line.priceCents)}</strong>
              </p>
              {open?.kind === 'confirm' ? (
                <div
                  className="floor-line__confirm"
                  role="group"
                  aria-label={t(`lines.ask.${open.operation}`, { name: line.name })}
                >
                  <span>{t(`lines.ask.${open.operation}`, { name: line.name })}</span>
                  <button
                    type="button"
                    className="button button--large button--danger"
                    aria-busy={busy}
                    onClick={() => {
                      if (!busy) confirmed(line, open.operation);
                    }}
                  >
                    {t(`lines.yes.${open.operation}`)}
                  </button>
                  <button
                    ref={keep}
                    type="button"
                    className="button button--large"
                    onClick={() => setPanel(null)}
                  >
                    {t('lines.no')}
                  </button>
                </div>
              ) : open?.kind === 'course' ? (
                <CoursePicker
                  line={line}
                  dishClasses={dishClasses}
                  busy={busy}
                  backRef={keep}
                  onBack={() => setPanel(null)}
                  onPick={(dishClass) =>
                    void act(
                      () => calls.updateDishClass(line.productOrderId, dishClass.id),
                      t('lines.done.updateDishClass', { name: line.name, course: dishClass.name }),
                    )
                  }
                />
              ) : open?.kind === 'move' ? (
                <MovePicker
                  line={line}
                  from={reservation}
                  accounts={accounts}
                  busy={busy}
                  backRef={keep}
                  onBack={() => setPanel(null)}
                  onMove={(target, targetName) => move(line, target, targetName)}
                />
              ) : (
                <>
                  <div className="floor-line__buttons">
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
                            if (operation === 'toggleMenuIncluded') toggle(line);
                            else setPanel({ id: line.productOrderId, kind: 'confirm', operation });
                          }}
                        >
                          {operation === 'toggleMenuIncluded'
                            ? t(line.menuIncluded ? 'lines.chargeApart' : 'lines.includeInMenu')
                            : t(`lines.${operation}`)}
                        </button>
                      ))}
                    </div>
                    {corrections.length > 0 && (
                      <button
                        type="button"
                        className="button floor-line__action floor-line__more"
                        aria-expanded={moreOpen}
                        aria-label={t('lines.moreFor', { name: line.name })}
                        onClick={() => setMore(moreOpen ? null : line.productOrderId)}
                      >
                        {t('lines.more')}
                      </button>
                    )}
                  </div>
                  {moreOpen && corrections.length > 0 && (
                    <div
                      className="floor-line__actions floor-line__corrections"
                      role="group"
                      aria-label={t('lines.correctionsFor', { name: line.name })}
                    >
                      {corrections.map((operation) => (
                        <button
                          key={operation}
                          type="button"
                          className="button floor-line__action"
                          aria-busy={busy}
                          onClick={() => {
                            if (!busy) correct(line, operation);
                          }}
                        >
                          {t(`lines.${operation}`)}
                        </button>
                      ))}
                    </div>
                  )}
                </>
              )}
            </li>
          );
        })}
      </ul>
      {completingLine && (
        <CompleteMenu
          line={completingLine}
          courses={coursesOf(completingLine)}
          onClose={() => setCompleting(null)}
          send={(choices) =>
            write({ send: () => calls.completeMenu(completingLine.productOrderId, choices) })
          }
          onDone={() => {
            toast.success(t('lines.done.completeMenu', { name: completingLine.name }));
            setCompleting(null);
            setMore(null);
          }}
          onError={(error) => reportFloorError(error, t, client)}
        />
      )}
    </section>
  );
}
