import { useSuspenseQuery } from '@tanstack/react-query';
import { Outlet } from 'react-router';
import { LanguageSwitcher } from '../../../components/language-switcher/language-switcher.tsx';
import { GuestLayout } from '../../../features/shell/components/guest-layout.tsx';
import { venueConfigQuery } from '../../../lib/config-queries.ts';

/** The embeddable guest screens (/iframe-reservar, /widget): framed by the venue's own site, not by ours. */
export function Component() {
  const { data: venueConfig } = useSuspenseQuery(venueConfigQuery);
  return (
    <GuestLayout
      embedded
      venueName={venueConfig.business_name}
      languageSwitcher={<LanguageSwitcher compact />}
    >
      <Outlet />
    </GuestLayout>
  );
}
