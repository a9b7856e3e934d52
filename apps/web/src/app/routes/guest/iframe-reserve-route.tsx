import { useTranslation } from 'react-i18next';
import { ScreenPlaceholder } from '../../../features/shell/components/screen-placeholder.tsx';

/** /iframe-reservar (spec §2 IframeReserve; the form is a later issue). */
export function Component() {
  const { t } = useTranslation('shell');
  return (
    <ScreenPlaceholder
      heading={t('placeholders.iframeReserve.heading')}
      body={t('placeholders.iframeReserve.body')}
    />
  );
}
