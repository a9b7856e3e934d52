import { useSuspenseQuery } from '@tanstack/react-query';
import { VenueHome } from '../../../features/venue/components/venue-home.tsx';
import { venueConfigQuery } from '../../../lib/config-queries.ts';

/** /home: the venue's own home page (spec §2; its rooms come with a later issue). */
export function Component() {
  const { data: venueConfig } = useSuspenseQuery(venueConfigQuery);
  return <VenueHome venueConfig={venueConfig} />;
}
