import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../components/toast/toast-store.ts';
import { adminDevicesQuery, deviceCalls } from '../admin-api.ts';
import { CardReaderForm } from './card-reader-form.tsx';
import { CashDrawerForm } from './cash-drawer-form.tsx';
import { deviceFailure } from './device-failure.ts';
import { StationPrintersForm } from './station-printers-form.tsx';

/** /ebitdata/dispositivos: cash drawers and their denominations, card readers, station printers (issue 22 §6). */
export function AdminDevices() {
  const { t } = useTranslation('admin');
  const queryClient = useQueryClient();
  const { data } = useSuspenseQuery(adminDevicesQuery);
  const [removeFailure, setRemoveFailure] = useState<string | null>(null);

  async function saved<T>(write: Promise<T>, message: string): Promise<T> {
    const result = await write;
    await queryClient.invalidateQueries({ queryKey: adminDevicesQuery.queryKey });
    toast.success(message);
    return result;
  }

  async function remove(write: () => Promise<unknown>) {
    setRemoveFailure(null);
    try {
      await saved(write(), t('devices.removed'));
    } catch (error) {
      setRemoveFailure(deviceFailure(error, t));
    }
  }

  return (
    <div className="admin-page">
      <h1 className="admin-page__title">{t('devices.title')}</h1>
      <p className="muted">{t('devices.intro')}</p>
      {removeFailure && (
        <p className="notice notice--error" role="alert">
          {removeFailure}
        </p>
      )}

      <section className="card admin-section" aria-labelledby="devices-drawers">
        <h2 id="devices-drawers" className="admin-section__title">
          {t('devices.drawers.title')}
        </h2>
        {data.cashDrawers.map((drawer) => (
          <article key={drawer.id} className="admin-device" aria-label={drawer.name}>
            <CashDrawerForm
              idPrefix={`drawer-${drawer.id}`}
              initial={{ name: drawer.name, denominations: drawer.denominations.map((row) => row.value) }}
              submitLabel={t('save')}
              save={(draft) => saved(deviceCalls.updateDrawer(drawer.id, draft), t('devices.savedOne'))}
            />
            <button
              type="button"
              className="button button--quiet"
              onClick={() => void remove(() => deviceCalls.removeDrawer(drawer.id))}
            >
              {t('devices.drawers.remove', { name: drawer.name })}
            </button>
          </article>
        ))}
        <h3 className="admin-section__title">{t('devices.drawers.new')}</h3>
        <CashDrawerForm
          idPrefix="drawer-new"
          initial={{ name: '', denominations: [] }}
          submitLabel={t('devices.drawers.add')}
          resetOnSave
          save={(draft) => saved(deviceCalls.createDrawer(draft), t('devices.savedOne'))}
        />
      </section>

      <section className="card admin-section" aria-labelledby="devices-readers">
        <h2 id="devices-readers" className="admin-section__title">
          {t('devices.readers.title')}
        </h2>
        {data.cardReaders.map((reader) => (
          <article key={reader.id} className="admin-device" aria-label={reader.name}>
            <CardReaderForm
              idPrefix={`reader-${reader.id}`}
              initial={reader}
              submitLabel={t('save')}
              save={(draft) => saved(deviceCalls.updateReader(reader.id, draft), t('devices.savedOne'))}
            />
            <button
              type="button"
              className="button button--quiet"
              onClick={() => void remove(() => deviceCalls.removeReader(reader.id))}
            >
              {t('devices.readers.remove', { name: reader.name })}
            </button>
          </article>
        ))}
        <h3 className="admin-section__title">{t('devices.readers.new')}</h3>
        <CardReaderForm
          idPrefix="reader-new"
          initial={{ name: '', kind: '' }}
          submitLabel={t('devices.readers.add')}
          resetOnSave
          save={(draft) => saved(deviceCalls.createReader(draft), t('devices.savedOne'))}
        />
      </section>

      <section className="card admin-section" aria-labelledby="devices-printers">
        <h2 id="devices-printers" className="admin-section__title">
          {t('devices.printers.title')}
        </h2>
        <p className="muted admin-section__intro">{t('devices.printers.intro')}</p>
        <StationPrintersForm
          stations={data.stations}
          saved={data.stationPrinters}
          save={(stationPrinters) =>
            deviceCalls
              .setStationPrinters(stationPrinters)
              .then(() => queryClient.invalidateQueries({ queryKey: adminDevicesQuery.queryKey }))
          }
        />
      </section>
    </div>
  );
}
