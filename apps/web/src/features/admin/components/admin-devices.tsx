import { useSuspenseQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { AdminSection } from '../../../components/admin/admin-section.tsx';
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

      <AdminSection id="devices-drawers" title={t('devices.drawers.title')}>
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
      </AdminSection>

      <AdminSection id="devices-readers" title={t('devices.readers.title')}>
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
      </AdminSection>

      <AdminSection
        id="devices-printers"
        title={t('devices.printers.title')}
        intro={t('devices.printers.intro')}
      >
        <StationPrintersForm stations={data.stations} saved={data.stationPrinters} />
      </AdminSection>
    </div>
  );
}
