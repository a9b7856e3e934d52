import { Suspense, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../components/toast/toast-store.ts';
import { downloadInstaller } from './download-installer.ts';
import { checkPrintService, usePrintService } from './print-service.ts';
import './print.css';

export interface PrintServiceStatusProps {
  /** The venue prints tickets (`venueConfig.printEnabled`); otherwise nothing is shown or looked for. */
  readonly enabled: boolean;
}

/**
 * The printing service on the copilot (spec §2 "printing service", §8): looks for the local helper when the
 * copilot opens, shows whether it is connected, and when nothing answers within 1 s alerts that it is not
 * installed, offering the installer and explaining the browser's local network permission.
 */
export function PrintServiceStatus({ enabled }: PrintServiceStatusProps) {
  if (!enabled) return null;
  // Its own boundary: loading the `pos` messages must not blank the copilot around it.
  return (
    <Suspense fallback={null}>
      <PrintServiceState />
    </Suspense>
  );
}

function PrintServiceState() {
  const { t } = useTranslation('pos');
  const service = usePrintService();
  const [downloading, setDownloading] = useState(false);
  const [downloadFailed, setDownloadFailed] = useState(false);
  const alertId = useId();

  useEffect(() => {
    if (service.status === 'idle') void checkPrintService();
  }, [service.status]);

  async function download() {
    setDownloading(true);
    setDownloadFailed(false);
    try {
      await downloadInstaller();
    } catch {
      setDownloadFailed(true);
      toast.error(t('print.downloadFailed'));
    } finally {
      setDownloading(false);
    }
  }

  const problem = service.status === 'not-installed' || service.status === 'blocked';
  const pillState = service.status === 'idle' ? 'checking' : service.status;
  return (
    <div className="print-service">
      <p className="print-service__state">
        <span className="visually-hidden">{t('print.status.label')}: </span>
        <span
          role="status"
          className={`pill print-service__pill print-service__pill--${pillState}`}
          data-state={pillState}
          title={
            service.status === 'connected'
              ? t('print.status.version', { version: service.version })
              : undefined
          }
          aria-describedby={problem ? alertId : undefined}
        >
          <span className="pill__dot" aria-hidden="true" />
          {t(`print.status.${pillState === 'not-installed' ? 'notInstalled' : pillState}`)}
        </span>
      </p>
      {problem && (
        <div className="notice notice--warning print-service__alert" role="alert" id={alertId}>
          <div className="notice__body">
            {service.status === 'blocked' ? (
              <p className="print-service__title">{t('print.localNetwork.blocked')}</p>
            ) : (
              <>
                <p className="print-service__title">{t('print.notInstalled.title')}</p>
                <p>{t('print.notInstalled.body')}</p>
              </>
            )}
            {downloadFailed && <p className="print-service__failure">{t('print.downloadFailed')}</p>}
            <div className="print-service__actions">
              {service.status === 'not-installed' && (
                <button
                  type="button"
                  className="button button--primary button--large"
                  onClick={() => void download()}
                  disabled={downloading}
                >
                  {t(downloading ? 'print.notInstalled.downloading' : 'print.notInstalled.download')}
                </button>
              )}
              <button type="button" className="button button--large" onClick={() => void checkPrintService()}>
                {t('print.notInstalled.retry')}
              </button>
            </div>
            {service.status === 'not-installed' && (
              <details className="print-service__help">
                <summary>{t('print.localNetwork.summary')}</summary>
                <p>{t('print.localNetwork.body')}</p>
              </details>
            )}
          </div>
        </div>
      )}
    </div>
  );
}
