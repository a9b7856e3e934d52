import type { IssuedInvoice } from '@sobremesa/contracts';
import { useState, type FormEvent } from 'react';
import { toast } from '../../../components/toast/toast-store.ts';
import { isServerError } from '../../../lib/api-client.ts';
import { newIdempotencyKey } from '../../../lib/random-key.ts';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { useReissueInvoice } from '../api/invoices.ts';
import { posErrorText } from '../pos-errors.ts';

export interface ReissueInvoiceFormProps {
  readonly invoice: IssuedInvoice;
  readonly roleId: number | null;
  readonly onClose: () => void;
}

/**
 * "Emitir de nuevo" (decision 057): a cancelled ticket's account gets a new ticket. What it issues is said
 * first (a new number, the account as it is now, the payments moving over), since an issued invoice cannot
 * be taken back; the server's refusal (an account open again, another invoice standing) shows here.
 */
export function ReissueInvoiceForm({ invoice, roleId, onClose }: ReissueInvoiceFormProps) {
  const { t } = useTranslation('pos');
  const reissuing = useReissueInvoice(roleId);
  // One key per attempt: a retry after a lost reply issues one ticket, not two.
  const [key, setKey] = useState(newIdempotencyKey);
  const number = invoice.bill.invoiceNumber ?? String(invoice.bill.id);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (reissuing.isPending) return;
    reissuing.mutate(
      { billId: invoice.bill.id, idempotencyKey: key },
      {
        onSuccess: ({ bill }) => {
          toast.success(t('reissueInvoice.done', { number: bill.invoiceNumber ?? String(bill.id) }));
          onClose();
        },
        onError: (error) => {
          if (isServerError(error)) setKey(newIdempotencyKey());
        },
      },
    );
  }

  return (
    <form className="pos-void pos-reissue-invoice" onSubmit={submit}>
      <p>{t('reissueInvoice.explain', { number })}</p>
      {reissuing.isError && (
        <p className="notice notice--error" role="alert">
          <span className="notice__body">{posErrorText(reissuing.error, t, 'reissueInvoice.failed')}</span>
        </p>
      )}
      <div className="pos-actions">
        <button
          type="submit"
          className="button button--primary button--large"
          aria-busy={reissuing.isPending}
          data-autofocus
        >
          {t('reissueInvoice.confirm')}
        </button>
        <button type="button" className="button button--large button--quiet" onClick={onClose}>
          {t('reissueInvoice.back')}
        </button>
      </div>
    </form>
  );
}
