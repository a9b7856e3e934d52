import { Suspense, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { CheckIcon, WarningIcon } from '../../components/icons.tsx';
import { PrinterIcon } from '../../components/staff-icons.tsx';
import { toast } from '../../components/toast/toast-store.ts';
import { downloadInstaller } from './download-installer.ts';
import { checkPrintService, usePrintService } from '../../lib/print-service.ts';
import './print.css';

export interface PrintServiceStatusProps {
  /** The venue prints tickets (`venueConfig.printEnabled`); otherwise nothing is shown or looked for. */
  readonly enabled: boolean;
}

/**
 * The printing service on the copilot (spec §2 "printing service", §8; issue 25): looks for the local helper
 * when the copilot opens and shows its state as a small item of the staff bar (a printer with a mark and
 * the state in words). The details (the installer, looking again, the browser's local network permission)
 * open only when someone taps the item, so a tablet without a helper still shows its work first.
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
  const [open, setOpen] = useState(false);
  const [downloading, setDownloading] = useState(false);
  const [downloadFailed, setDownloadFailed] = useState(false);
  const panelId = useId();
  const titleId = useId();
  const root = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (service.status === 'idle') void checkPrintService();
  }, [service.status]);

  // Open details close on Escape (focus back on the item) and on a touch anywhere else.
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      toggle.current?.focus();
    };
    const onPointer = (event: PointerEvent) => {
      if (root.current && !root.current.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);

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
  const stateText = t(`print.status.${pillState === 'not-installed' ? 'notInstalled' : pillState}`);
  return (
    <div className="print-service" ref={root} data-state={pillState}>
      <button
        ref={toggle}
        type="button"
        className="copilot__tool print-service__item"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((was) => !was)}
      >
        <span className="print-service__icon" aria-hidden="true">
          <PrinterIcon />
          <span className="print-service__mark">
            {problem ? <WarningIcon /> : service.status === 'connected' ? <CheckIcon /> : null}
          </span>
        </span>
        <span className="print-service__label">{stateText}</span>
      </button>
      {/* The state for the ear, announced when it changes (the item's words are hidden on small screens). */}
      <span role="status" className="visually-hidden">
        {stateText}
      </span>
      <section
        id={panelId}
        className="print-service__panel"
        aria-labelledby={titleId}
        hidden={!open}
        data-problem={problem}
      >
        <h2 id={titleId} className="print-service__heading">
          {t('print.status.label')}
        </h2>
        {open && (
          <>
            {service.status === 'connected' && (
              <p>{t('print.status.version', { version: service.version })}</p>
            )}
            {service.status === 'checking' && <p>{stateText}</p>}
            {service.status === 'blocked' && (
              <p className="print-service__title">{t('print.localNetwork.blocked')}</p>
            )}
            {service.status === 'not-installed' && (
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
          </>
        )}
      </section>
    </div>
  );
}
