import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../components/toast/toast-store.ts';
import { checkPrintService, usePrintService } from '../../../lib/print-service.ts';
import { deviceFailure } from './device-failure.ts';

interface StationPrintersFormProps {
  readonly stations: readonly { readonly id: number; readonly name: string }[];
  readonly saved: Readonly<Record<string, string>>;
  readonly save: (stationPrinters: Record<string, string>) => Promise<unknown>;
}

/**
 * Which printer each station's tickets go to (decision 029). When the print helper runs on this
 * computer its printers are offered; otherwise the admin types the name the helper will list.
 */
export function StationPrintersForm({ stations, saved, save }: StationPrintersFormProps) {
  const { t } = useTranslation('admin');
  const service = usePrintService();
  const [draft, setDraft] = useState<Record<string, string>>(() => ({ ...saved }));
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const printers = service.status === 'connected' ? service.printers : [];

  useEffect(() => {
    if (service.status === 'idle') void checkPrintService();
  }, [service.status]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSaving(true);
    setFailure(null);
    try {
      await save(
        Object.fromEntries(stations.map((station) => [String(station.id), draft[station.id] ?? ''])),
      );
      toast.success(t('devices.printers.saved'));
    } catch (error) {
      setFailure(deviceFailure(error, t));
    } finally {
      setSaving(false);
    }
  }

  if (stations.length === 0) return <p className="muted">{t('devices.printers.noStations')}</p>;
  return (
    <form className="admin-section__form" noValidate onSubmit={(event) => void submit(event)}>
      <p className="muted" role="status">
        {printers.length > 0 ? t('devices.printers.helperFound') : t('devices.printers.typed')}
      </p>
      <datalist id="admin-helper-printers">
        {printers.map((printer) => (
          <option key={printer} value={printer} />
        ))}
      </datalist>
      {stations.map((station) => (
        <div key={station.id} className="field">
          <label className="field__label" htmlFor={`station-printer-${station.id}`}>
            {t('devices.printers.station', { station: station.name })}
          </label>
          <input
            id={`station-printer-${station.id}`}
            className="input"
            list="admin-helper-printers"
            autoComplete="off"
            placeholder={t('devices.printers.default')}
            value={draft[station.id] ?? ''}
            onChange={(event) => setDraft((current) => ({ ...current, [station.id]: event.target.value }))}
          />
        </div>
      ))}
      {failure && (
        <p className="notice notice--error" role="alert">
          {failure}
        </p>
      )}
      <div className="admin-section__actions">
        <button type="submit" className="button button--primary" disabled={saving}>
          {saving ? t('saving') : t('save')}
        </button>
      </div>
    </form>
  );
}
