import { useEffect, useState } from 'react';
import { api } from '../../lib/api.ts';

export type VenueName = { status: 'loading' } | { status: 'ready'; name: string } | { status: 'error' };

/** The venue's business name, from POST /world/api/venueconfig. */
export function useVenueName(): VenueName {
  const [venue, setVenue] = useState<VenueName>({ status: 'loading' });
  useEffect(() => {
    let current = true;
    api
      .venueConfig()
      .then(({ venueConfig }) => current && setVenue({ status: 'ready', name: venueConfig.business_name }))
      .catch(() => current && setVenue({ status: 'error' }));
    return () => {
      current = false;
    };
  }, []);
  return venue;
}
