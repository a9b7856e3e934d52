import { useTranslation } from 'react-i18next';
import { ScreenPlaceholder } from '../../../features/shell/components/screen-placeholder.tsx';

/** /reservar (spec §2 Reserve; the form is a later issue). */
export function Component() {
  const { t } = useTranslation('shell');
  return (
    <ScreenPlaceholder heading={t('placeholders.reserve.heading')} body={t('placeholders.reserve.body')} />
  );
}
