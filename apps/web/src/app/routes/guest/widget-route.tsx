import { useSuspenseQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ScreenPlaceholder } from '../../../features/shell/components/screen-placeholder.tsx';
import { venueConfigQuery } from '../../../lib/config-queries.ts';

/** /widget (spec §2 reservation widget; a later issue fills it). */
export function Component() {
  const { t } = useTranslation('shell');
  const { data: venueConfig } = useSuspenseQuery(venueConfigQuery);
  return (
    <ScreenPlaceholder
      heading={t('placeholders.widget.heading', { venue: venueConfig.business_name })}
      body={t('placeholders.widget.body')}
    />
  );
}
