import { useSuspenseQuery } from '@tanstack/react-query';
import { Outlet } from 'react-router';
import { LanguageSwitcher } from '../../../components/language-switcher/language-switcher.tsx';
import { GuestLayout } from '../../../features/shell/components/guest-layout.tsx';
import { venueConfigQuery } from '../../../lib/config-queries.ts';

/** The guest tree's frame: /reservar, /menu, /carta, /takeaway-delivery, /home. */
export function Component() {
  const { data: venueConfig } = useSuspenseQuery(venueConfigQuery);
  return (
    <GuestLayout
      venueName={venueConfig.business_name}
      venueLogoUrl={venueConfig.logo_url || undefined}
      languageSwitcher={<LanguageSwitcher compact />}
    >
      <Outlet />
    </GuestLayout>
  );
}
