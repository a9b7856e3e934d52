import { useMemo, useState } from 'react';
import { Modal } from '../../../components/modal/modal.tsx';
import { formatMoney } from '../../../i18n/format.ts';
import { useLocale } from '../../../i18n/use-locale.ts';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { posCalls } from '../api/pos-api.ts';
import '../pos.css';
import { IssuedInvoices } from './issued-invoices.tsx';

export interface InvoicesToolProps {
  readonly roleId: number | null;
  readonly logicalDate: string;
  readonly currency: string;
}

/**
 * The issued invoices for a role that may correct them away from the TPV (1 en Sala, an admin in another
 * view; decision 057): a toolbar button and the same list as the TPV's "Facturas", in a dialog.
 */
export function InvoicesTool({ roleId, logicalDate, currency }: InvoicesToolProps) {
  const { t } = useTranslation('pos');
  const { locale } = useLocale();
  const [open, setOpen] = useState(false);
  const calls = useMemo(() => posCalls(roleId), [roleId]);
  return (
    <>
      <button type="button" className="button button--large" onClick={() => setOpen(true)}>
        {t('invoices.open')}
      </button>
      <Modal
        open={open}
        size="large"
        className="pos-overlay"
        title={t('invoices.heading')}
        onClose={() => setOpen(false)}
      >
        <div className="pos">
          <IssuedInvoices
            roleId={roleId}
            logicalDate={logicalDate}
            calls={calls}
            money={(cents) => formatMoney(cents, locale, currency)}
            mayCorrect
          />
        </div>
      </Modal>
    </>
  );
}
