import type { ReactNode } from 'react';
import { useTranslation } from '../../../i18n/use-translation.ts';
import type { KitchenAccount } from '../tickets.ts';
import { statusKey } from './ticket-card.tsx';

export interface AccountsOverlayProps {
  readonly accounts: readonly KitchenAccount[];
}

/** An account of the kitchen's lists: its table and party, then what the list shows of it. */
export function AccountItem({
  account,
  children,
}: {
  readonly account: KitchenAccount;
  readonly children: ReactNode;
}) {
  const { t } = useTranslation('kitchen');
  return (
    <li className="kitchen-account" data-reservation-id={account.reservationId}>
      <span className="kitchen-account__table">{account.table ?? t('ticket.noTable')}</span>
      <span>
        {account.partyName} · {t('accounts.pax', { count: account.pax })}
      </span>
      {children}
    </li>
  );
}

/**
 * The "finalized reservations in the kitchen" and "all reservations in the kitchen" overlays (spec §2): each
 * account with every line the kitchen saw and where it is now, so a cook can answer "did table 4 get its
 * dessert?" without walking to the floor.
 */
export function AccountsOverlay({ accounts }: AccountsOverlayProps) {
  const { t } = useTranslation('kitchen');
  if (accounts.length === 0) return <p className="muted">{t('overlays.empty')}</p>;
  return (
    <ul className="kitchen-overlay__list">
      {accounts.map((account) => (
        <AccountItem key={account.reservationId} account={account}>
          <span className="kitchen-line__state">
            {account.finished ? t('accounts.finished') : t('accounts.open')}
          </span>
          <ul className="kitchen-ticket__lines kitchen-account__lines">
            {account.lines.map((line) => (
              <li key={line.id} className="kitchen-line" data-status={line.status}>
                <span className="kitchen-line__name">
                  <span className="kitchen-line__units">{line.units}×</span>
                  {line.name}
                </span>
                <span className="kitchen-line__state">{t(`status.${statusKey(line.status)}`)}</span>
              </li>
            ))}
          </ul>
        </AccountItem>
      ))}
    </ul>
  );
}
