import type { FiscalRecordView } from '@sobremesa/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/modal/modal.tsx';
import { toast } from '../../../components/toast/toast-store.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { ADMIN_QUERY_KEY, fiscalCalls } from '../admin-api.ts';

/**
 * A record the agency rejected, corrected with a new record (Subsanación, decision 056): what made it fail
 * set right, the issuer's name or the recipient's, the amounts as they were. Nothing is edited.
 */
export function FiscalCorrection({ record }: { readonly record: FiscalRecordView }) {
  const { t } = useTranslation('admin');
  const id = useId();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [issuerName, setIssuerName] = useState('');
  const [recipientName, setRecipientName] = useState('');
  const [recipientNif, setRecipientNif] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSaving(true);
    setFailure(null);
    try {
      await fiscalCalls.correctRecord(record.id, {
        ...(issuerName.trim() ? { issuerName } : {}),
        ...(recipientName.trim() || recipientNif.trim()
          ? { recipient: { name: recipientName, nif: recipientNif } }
          : {}),
      });
      await queryClient.invalidateQueries({ queryKey: [...ADMIN_QUERY_KEY, 'fiscal', 'records'] });
      toast.success(t('fiscal.correction.sent'));
      setOpen(false);
    } catch (error) {
      setFailure(
        error instanceof ApiError && error.fromServer
          ? [error.message, ...error.fields.map((field) => field.message)].join(' ')
          : t('errors.network'),
      );
    } finally {
      setSaving(false);
    }
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
        <form className="admin-section__form" noValidate onSubmit={(event) => void submit(event)}>
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
          {failure && (
            <p className="notice notice--error" role="alert">
              {failure}
            </p>
          )}
          <div className="admin-section__actions">
            <button type="button" className="button" onClick={() => setOpen(false)}>
              {t('discard')}
            </button>
            <button type="submit" className="button button--primary" disabled={saving}>
              {saving ? t('saving') : t('fiscal.correction.send')}
            </button>
          </div>
        </form>
      </Modal>
    </>
  );
}
