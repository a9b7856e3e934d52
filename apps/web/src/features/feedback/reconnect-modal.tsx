import { useId } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { RefreshIcon } from '../../components/icons.tsx';
import { PlugOffIcon } from '../../components/staff-icons.tsx';
import { Modal } from '../../components/modal/modal.tsx';
import './reconnect-modal.css';

/**
 * Spec §2 "Global UI": the reconnect modal. `open` must be the realtime client's real `error` state (the
 * link is really lost), held for a while (`RECONNECT_MODAL_AFTER_MS` in staff-realtime.tsx) so a blip does
 * not interrupt; Escape does not dismiss it, it leaves by itself when the link is back, and a staff screen
 * may put it away to keep working offline.
 */
export function ReconnectModal({
  open,
  onKeepWorking,
}: {
  readonly open: boolean;
  /** Offers "Seguir sin conexión": the staff screens keep working from what they hold (decision 051). */
  readonly onKeepWorking?: () => void;
}) {
  const { t } = useTranslation('feedback');
  const bodyId = useId();
  return (
    <Modal
      open={open}
      role="alertdialog"
      size="small"
      title={t('reconnect.title')}
      describedBy={bodyId}
      className="reconnect"
    >
      <div className="reconnect__icon" aria-hidden="true">
        <PlugOffIcon width={32} height={32} />
      </div>
      <p id={bodyId} className="reconnect__body">
        {t('reconnect.body')}
      </p>
      <button
        type="button"
        className="button button--primary button--large button--block"
        onClick={() => window.location.reload()}
        data-autofocus
      >
        <RefreshIcon />
        {t('reconnect.reload')}
      </button>
      {onKeepWorking && (
        <button type="button" className="button button--large button--block" onClick={onKeepWorking}>
          {t('reconnect.keepWorking')}
        </button>
      )}
    </Modal>
  );
}
