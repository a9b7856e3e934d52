import { useSuspenseQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../components/toast/toast-store.ts';
import { adminDevicesQuery } from '../api/admin-api.ts';
import { deviceCalls, useDeviceWrite } from '../api/device-writes.ts';
import { CardReaderForm } from './card-reader-form.tsx';
import { CashDrawerForm } from './cash-drawer-form.tsx';
import { writeFailure } from './write-failure.ts';
import { StationPrintersForm } from './station-printers-form.tsx';

/** /ebitdata/dispositivos: cash drawers and their denominations, card readers, station printers (issue 22 §6). */
export function AdminDevices() {
  const { t } = useTranslation('admin');
  const { data } = useSuspenseQuery(adminDevicesQuery);
  const removal = useDeviceWrite();
  const remove = (send: () => Promise<unknown>) =>
    removal.run(send, () => toast.success(t('devices.removed')));
  const removeFailure = removal.error && writeFailure(removal.error, t);

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
              send={(draft) => deviceCalls.updateDrawer(drawer.id, draft)}
            />
            <button
              type="button"
              className="button button--quiet"
              onClick={() => remove(() => deviceCalls.removeDrawer(drawer.id))}
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
          send={deviceCalls.createDrawer}
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
              send={(draft) => deviceCalls.updateReader(reader.id, draft)}
            />
            <button
              type="button"
              className="button button--quiet"
              onClick={() => remove(() => deviceCalls.removeReader(reader.id))}
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
          send={deviceCalls.createReader}
        />
      </section>

      <section className="card admin-section" aria-labelledby="devices-printers">
        <h2 id="devices-printers" className="admin-section__title">
          {t('devices.printers.title')}
        </h2>
        <p className="muted admin-section__intro">{t('devices.printers.intro')}</p>
        <StationPrintersForm stations={data.stations} saved={data.stationPrinters} />
      </section>
    </div>
  );
}
