import type { Notification } from '@sobremesa/contracts';
import { useState } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { Modal } from '../../components/modal/modal.tsx';

export interface UpsellReminderProps {
  /**
   * The role's pending notifications; only upselling_drinks_reminder ones open this overlay, and only
   * those that arrived while the tablet was on (older ones are in the pending list, not thrown in the
   * face of a waiter who just signed in).
   */
  readonly pending: readonly Notification[];
  /** Ids pending when the list was first read. */
  readonly alreadyPending: ReadonlySet<number> | null;
  /** Another overlay of the centre is open: this one waits for it to close. */
  readonly held: boolean;
  readonly busy: ReadonlySet<number>;
  readonly onAcknowledge: (notification: Notification) => void;
}

/**
 * The spec's "upselling drinks reminder" overlay: a seated table with no drink on its way for the venue's
 * reminder time (the server decides, and only roles that hear the type get it) opens its own overlay, one
 * table at a time, saying whether the table never ordered a drink or finished its round. "Ofrecida"
 * acknowledges it for every tablet; "Más tarde" only closes it here, and it stays among the pending ones.
 */
export function UpsellReminder({ pending, alreadyPending, held, busy, onAcknowledge }: UpsellReminderProps) {
  const { t } = useTranslation('notifications');
  const [later, setLater] = useState<ReadonlySet<number>>(new Set());
  const reminder =
    pending.find(
      (notification) =>
        notification.type === 'upselling_drinks_reminder' &&
        !later.has(notification.id) &&
        !alreadyPending?.has(notification.id),
    ) ?? null;
  if (!reminder || held || alreadyPending === null) return null;
  const account = reminder.reservations[0];
  const place = account
    ? account.tables.length > 0
      ? `${t('place.tables', { tables: account.tables.join(', ') })} · ${account.name}`
      : account.name
    : reminder.rooms.map((room) => room.name).join(', ');
  const dismiss = () => setLater((ids) => new Set([...ids, reminder.id]));
  return (
    <Modal
      open
      title={t('upsell.title')}
      onClose={dismiss}
      size="small"
      className="upsell-reminder"
      describedBy={`upsell-${reminder.id}`}
    >
      <div id={`upsell-${reminder.id}`} data-notification-id={reminder.id}>
        <p className="upsell-reminder__place">{place}</p>
        <p>{reminder.data.withoutDrinks === true ? t('upsell.none') : t('upsell.ranOut')}</p>
        <p className="upsell-reminder__hint">{t('upsell.offer')}</p>
      </div>
      <div className="upsell-reminder__actions">
        <button
          type="button"
          className="button button--primary button--large"
          disabled={busy.has(reminder.id)}
          onClick={() => onAcknowledge(reminder)}
        >
          {t('upsell.offered')}
        </button>
        <button type="button" className="button button--large" onClick={dismiss}>
          {t('upsell.later')}
        </button>
      </div>
    </Modal>
  );
}
