import type { VenueSettings } from '@sobremesa/contracts';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { AdminSection } from '../../../components/admin/admin-section.tsx';
import { useVenueWrite } from '../api/venue-writes.ts';
import { mediaCalls } from '../../../lib/media-api.ts';
import { ImageUploadField } from '../../../components/image-upload-field.tsx';

/**
 * The venue's logo (guest pages) and icon (browser tab, home screen): uploaded, resized by the server,
 * shown here as stored. Each change reaches open screens through the venue config's refresh.
 */
export function VenueImages({ settings }: { settings: VenueSettings }) {
  const { t } = useTranslation('admin');
  const { write } = useVenueWrite();
  const field = (purpose: 'logo' | 'favicon') => ({
    currentUrl: (purpose === 'logo' ? settings.logo_url : settings.favicon_url) || null,
    upload: (file: File, onProgress: (fraction: number) => void) =>
      write(() => mediaCalls.uploadVenueImage(purpose, file, onProgress)),
    remove: () => write(() => mediaCalls.removeVenueImage(purpose)),
  });

  return (
    <AdminSection id="admin-section-images" title={t('images.title')} intro={t('images.intro')}>
      <ImageUploadField label={t('images.logo')} hint={t('images.logoHint')} {...field('logo')} />
      <ImageUploadField
        label={t('images.favicon')}
        hint={t('images.faviconHint')}
        preview="icon"
        {...field('favicon')}
      />
    </AdminSection>
  );
}
