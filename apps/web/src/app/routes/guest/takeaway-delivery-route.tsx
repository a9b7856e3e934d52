import { useTranslation } from 'react-i18next';
import { ScreenPlaceholder } from '../../../features/shell/components/screen-placeholder.tsx';

/** /takeaway-delivery (a later issue fills it). */
export function Component() {
  const { t } = useTranslation('shell');
  return (
    <ScreenPlaceholder
      heading={t('placeholders.takeawayDelivery.heading')}
      body={t('placeholders.takeawayDelivery.body')}
    />
  );
}
