import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { toast } from '../../../components/toast/toast-store.ts';
import { checkPrintService, usePrintService } from '../../../lib/print-service.ts';
import { deviceCalls, useDeviceWrite } from '../api/device-writes.ts';
import { AdminField, errorAt, failureSummary, saveFailure } from './admin-field.tsx';
import { SaveFooter } from './save-footer.tsx';

interface StationPrintersFormProps {
  readonly stations: readonly { readonly id: number; readonly name: string }[];
  readonly saved: Readonly<Record<string, string>>;
}

/**
 * Which printer each station's tickets go to (decision 029). When the print helper runs on this
 * computer its printers are offered; otherwise the admin types the name the helper will list.
 */
export function StationPrintersForm({ stations, saved }: StationPrintersFormProps) {
  const { t } = useTranslation('admin');
  const service = usePrintService();
  const [draft, setDraft] = useState<Record<string, string>>(() => ({ ...saved }));
  const { run, busy: saving, error } = useDeviceWrite();
  const failure = error ? saveFailure(error, t('errors.network')) : null;
  const fieldOf = (stationId: number) => `stationPrinters.${stationId}`;
  const printers = service.status === 'connected' ? service.printers : [];

  useEffect(() => {
    if (service.status === 'idle') void checkPrintService();
  }, [service.status]);

  function submit(event: FormEvent) {
    event.preventDefault();
    const stationPrinters = Object.fromEntries(
      stations.map((station) => [String(station.id), draft[station.id] ?? '']),
    );
    run(
      () => deviceCalls.setStationPrinters(stationPrinters),
      () => toast.success(t('devices.printers.saved')),
    );
  }

  if (stations.length === 0) return <p className="muted">{t('devices.printers.noStations')}</p>;
  return (
    <form className="admin-section__form" noValidate onSubmit={submit}>
      <p className="muted" role="status">
        {printers.length > 0 ? t('devices.printers.helperFound') : t('devices.printers.typed')}
      </p>
      <datalist id="admin-helper-printers">
        {printers.map((printer) => (
          <option key={printer} value={printer} />
        ))}
      </datalist>
      {stations.map((station) => (
        <AdminField
          key={station.id}
          id={`station-printer-${station.id}`}
          label={t('devices.printers.station', { station: station.name })}
          error={errorAt(failure, fieldOf(station.id))}
          control={(extra) => (
            <input
              className="input"
              list="admin-helper-printers"
              autoComplete="off"
              placeholder={t('devices.printers.default')}
              value={draft[station.id] ?? ''}
              onChange={(event) => setDraft((current) => ({ ...current, [station.id]: event.target.value }))}
              {...extra}
            />
          )}
        />
      ))}
      <SaveFooter
        failure={failureSummary(
          failure,
          stations.map((station) => fieldOf(station.id)),
        )}
        busy={saving}
        label={t('save')}
      />
    </form>
  );
}
