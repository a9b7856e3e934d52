import type { DoorLogEntry } from '@sobremesa/contracts';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { Link } from 'react-router';
import { Modal } from '../../components/modal/modal.tsx';
import { doorLogQuery } from './api/kiosk-api.ts';
import './kiosk.css';

const RESULT_KEYS = { 0: 'overlay.r0', 1: 'overlay.r1', 2: 'overlay.r2', [-1]: 'overlay.rm1' } as const;

function resultLabel(
  entry: DoorLogEntry,
): (typeof RESULT_KEYS)[keyof typeof RESULT_KEYS] | 'overlay.reading' {
  return entry.result === null ? 'overlay.reading' : RESULT_KEYS[entry.result];
}

/**
 * The copilot's "account kiosk" overlay (spec §2): who checked in at the door in the last day and what came
 * of each reading (doorlog/history), and the way to turn this tablet into the kiosk.
 */
export function KioskOverlay({ roleId }: { readonly roleId: number | null }) {
  const { t } = useTranslation('kiosk');
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="button" aria-haspopup="dialog" onClick={() => setOpen(true)}>
        {t('overlay.open')}
      </button>
      <Modal open={open} onClose={() => setOpen(false)} title={t('overlay.title')} size="large">
        {open && <DoorLog roleId={roleId} />}
      </Modal>
    </>
  );
}

function DoorLog({ roleId }: { readonly roleId: number | null }) {
  const { t } = useTranslation('kiosk');
  const id = useId();
  const log = useQuery({ ...doorLogQuery(roleId), refetchInterval: 30_000 });
  const entries = log.data?.entries ?? [];
  return (
    <div className="door-log">
      <p id={`${id}-lead`}>{t('overlay.lead')}</p>
      {log.isError && (
        <p className="notice notice--error" role="alert">
          <span className="notice__body">{t('overlay.failed')}</span>
        </p>
      )}
      {log.isSuccess && entries.length === 0 && <p>{t('overlay.empty')}</p>}
      {entries.length > 0 && (
        <table className="door-log__table" aria-describedby={`${id}-lead`}>
          <thead>
            <tr>
              <th scope="col">{t('overlay.time')}</th>
              <th scope="col">{t('overlay.guest')}</th>
              <th scope="col">{t('overlay.result')}</th>
              <th scope="col">{t('overlay.device')}</th>
            </tr>
          </thead>
          <tbody>
            {entries.map((entry) => (
              <tr key={entry.id}>
                <td>
                  <time dateTime={entry.createdDateTime}>{entry.createdDateTime.slice(11, 16)}</time>
                </td>
                <td>
                  {entry.reservation ? `${entry.reservation.name} (${entry.reservation.pax})` : entry.code}
                </td>
                <td>{t(resultLabel(entry))}</td>
                <td>{entry.agent}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <Link className="button button--primary button--large" to="/kiosk">
        {t('overlay.openKiosk')}
      </Link>
    </div>
  );
}
