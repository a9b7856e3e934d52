import type { ReactNode } from 'react';
import { useTranslation } from '../../../i18n/use-translation.ts';
import type { LineOperation } from '../api/update-lines.ts';
import type { KitchenLine, Ticket } from '../tickets.ts';
import type { LineButton } from './ticket-card.tsx';

type Act = (operation: LineOperation, lines: readonly KitchenLine[]) => Promise<void>;

/** Bumps a ticket: every line on it that can be marked ready (the long press or swipe of the ticket card). */
export function bumpOf(ticket: Ticket, act: Act): (() => void) | undefined {
  const lines = ticket.lines.filter((line) => line.actions.includes('finishPreparation'));
  return lines.length > 0 ? () => void act('finishPreparation', lines) : undefined;
}

/** Whole-ticket buttons: each bulk action on every line that allows it, and firing a held course. */
export function TicketFooter(props: {
  ticket: Ticket;
  act: Act;
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
