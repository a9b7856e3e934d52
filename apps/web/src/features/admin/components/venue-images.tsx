import type { VenueSettings } from '@sobremesa/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { venueConfigQuery } from '../../../lib/config-queries.ts';
import { adminVenueQuery } from '../admin-api.ts';
import { mediaCalls } from '../../../lib/media-api.ts';
import { ImageUploadField } from '../../../components/image-upload-field.tsx';

/**
 * The venue's logo (guest pages) and icon (browser tab, home screen): uploaded, resized by the server,
 * shown here as stored. Each change reaches open screens through the venue config's refresh.
 */
export function VenueImages({ settings }: { settings: VenueSettings }) {
  const { t } = useTranslation('admin');
  const queryClient = useQueryClient();
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: adminVenueQuery.queryKey }),
      queryClient.invalidateQueries({ queryKey: venueConfigQuery.queryKey }),
    ]);
  const field = (purpose: 'logo' | 'favicon') => ({
    currentUrl: (purpose === 'logo' ? settings.logo_url : settings.favicon_url) || null,
    upload: async (file: File, onProgress: (fraction: number) => void) => {
      await mediaCalls.uploadVenueImage(purpose, file, onProgress);
      await refresh();
    },
    remove: async () => {
      await mediaCalls.removeVenueImage(purpose);
      await refresh();
    },
  });

  return (
    <section className="card admin-section" aria-labelledby="admin-section-images">
      <h2 id="admin-section-images" className="admin-section__title">
        {t('images.title')}
      </h2>
      <p className="muted admin-section__intro">{t('images.intro')}</p>
      <ImageUploadField label={t('images.logo')} hint={t('images.logoHint')} {...field('logo')} />
      <ImageUploadField
        label={t('images.favicon')}
        hint={t('images.faviconHint')}
        preview="icon"
        {...field('favicon')}
      />
    </section>
  );
}
