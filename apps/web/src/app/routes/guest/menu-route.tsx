import { useTranslation } from 'react-i18next';
import { ScreenPlaceholder } from '../../../features/shell/components/screen-placeholder.tsx';

/** /menu and /carta (spec §2: the same menu screen; a later issue fills it). */
export function Component() {
  const { t } = useTranslation('shell');
  return <ScreenPlaceholder heading={t('placeholders.menu.heading')} body={t('placeholders.menu.body')} />;
}
