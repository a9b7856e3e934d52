import { VenueSettings } from '../../../features/admin/components/venue-settings.tsx';
import { adminVenueQuery } from '../../../features/admin/api/admin-api.ts';
import { queryClient } from '../../../lib/query-client.ts';

/** /ebitdata (its index): the venue's settings (issue 22 §1). */
export async function loader() {
  await queryClient.ensureQueryData(adminVenueQuery);
  return null;
}

export function Component() {
  return <VenueSettings />;
}
