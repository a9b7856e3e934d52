import type { FiscalRecordView } from '@sobremesa/contracts';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { Modal } from '../../../components/modal/modal.tsx';
import { toast } from '../../../components/toast/toast-store.ts';
import { fiscalCalls, useRecordCorrection } from '../api/fiscal-writes.ts';
import { SaveFooter } from './save-footer.tsx';
import { writeFailure } from './write-failure.ts';

/**
 * A record the agency rejected, corrected with a new record (Subsanación, decision 056): what made it fail
 * set right, the issuer's name or the recipient's, the amounts as they were. Nothing is edited.
 */
export function FiscalCorrection({ record }: { readonly record: FiscalRecordView }) {
  const { t } = useTranslation('admin');
  const id = useId();
  const [open, setOpen] = useState(false);
  const [issuerName, setIssuerName] = useState('');
  const [recipientName, setRecipientName] = useState('');
  const [recipientNif, setRecipientNif] = useState('');
  const { run, busy: saving, error } = useRecordCorrection();

  function submit(event: FormEvent) {
    event.preventDefault();
    const correction = {
      ...(issuerName.trim() ? { issuerName } : {}),
      ...(recipientName.trim() || recipientNif.trim()
        ? { recipient: { name: recipientName, nif: recipientNif } }
        : {}),
    };
    run(
      () => fiscalCalls.correctRecord(record.id, correction),
      () => {
        toast.success(t('fiscal.correction.sent'));
        setOpen(false);
      },
    );
  }

  return (
    <>
      <button type="button" className="button" onClick={() => setOpen(true)}>
        {t('fiscal.correction.open')}
      </button>
      <Modal
        open={open}
        onClose={() => setOpen(false)}
        title={t('fiscal.correction.title', {
          number: record.type === 'alta' ? record.NumSerieFactura : record.NumSerieFacturaAnulada,
        })}
        size="medium"
      >
        <form className="admin-section__form" noValidate onSubmit={submit}>
          <p className="muted">{t('fiscal.correction.intro')}</p>
          <div className="field">
            <label className="field__label" htmlFor={`${id}-issuer`}>
              {t('fiscal.correction.issuerName')}
            </label>
            <input
              id={`${id}-issuer`}
              className="input"
              value={issuerName}
              onChange={(event) => setIssuerName(event.target.value)}
            />
          </div>
          {record.type === 'alta' && (
            <>
              <div className="field">
                <label className="field__label" htmlFor={`${id}-recipient`}>
                  {t('fiscal.correction.recipientName')}
                </label>
                <input
                  id={`${id}-recipient`}
                  className="input"
                  value={recipientName}
                  onChange={(event) => setRecipientName(event.target.value)}
                />
              </div>
              <div className="field">
                <label className="field__label" htmlFor={`${id}-nif`}>
                  {t('fiscal.correction.recipientNif')}
                </label>
                <input
                  id={`${id}-nif`}
                  className="input"
                  value={recipientNif}
                  autoComplete="off"
                  onChange={(event) => setRecipientNif(event.target.value)}
                />
              </div>
            </>
          )}
          <SaveFooter
            failure={error && writeFailure(error, t)}
            busy={saving}
            label={t('fiscal.correction.send')}
          >
            <button type="button" className="button" onClick={() => setOpen(false)}>
              {t('discard')}
            </button>
          </SaveFooter>
        </form>
      </Modal>
    </>
  );
}
