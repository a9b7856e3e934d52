import { useTranslation } from '../../../i18n/use-translation.ts';
import { MenuCsvPanel } from '../../../features/admin/components/menu-csv-panel.tsx';

/** /ebitdata/carta/importar: the menu as CSV, export and import (issue 22, decision 061). */
export function Component() {
  const { t } = useTranslation('admin');
  return (
    <div className="admin-page">
      <h1 className="admin-page__title">{t('menuCsv.pageTitle')}</h1>
      <MenuCsvPanel />
    </div>
  );
}
