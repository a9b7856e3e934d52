import type { Locale } from '@sobremesa/domain';
import { fetchMenu } from './menu-api.ts';

/** The menus in a language, as a guest link (or nobody) sees them. */
export function menuQuery(locale: Locale, uid: string | null) {
  return {
    queryKey: ['menu', 'get', locale, uid] as const,
    queryFn: () => fetchMenu(uid),
    staleTime: 60_000,
  };
}
