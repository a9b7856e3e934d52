import { useCallback, useState } from 'react';
import type { GeoPoint } from '@sobremesa/domain';

export type SharedLocation =
  | { readonly kind: 'none' }
  | { readonly kind: 'locating' }
  | { readonly kind: 'located'; readonly point: GeoPoint }
  | { readonly kind: 'failed' };

/**
 * The guest's position, asked only when they press the button (browser geolocation): a radius delivery
 * zone is measured from the venue to it. Refused, unavailable or slow, the postal code still works.
 */
export function useSharedLocation(): { state: SharedLocation; locate: () => void } {
  const [state, setState] = useState<SharedLocation>({ kind: 'none' });
  const locate = useCallback(() => {
    if (typeof navigator === 'undefined' || !('geolocation' in navigator)) {
      setState({ kind: 'failed' });
      return;
    }
    setState({ kind: 'locating' });
    navigator.geolocation.getCurrentPosition(
      (position) =>
        setState({
          kind: 'located',
          point: { latitude: position.coords.latitude, longitude: position.coords.longitude },
        }),
      () => setState({ kind: 'failed' }),
      { enableHighAccuracy: false, timeout: 15_000, maximumAge: 300_000 },
    );
  }, []);
  return { state, locate };
}
