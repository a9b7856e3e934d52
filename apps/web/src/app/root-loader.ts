import { loadNamespaces } from '../i18n/i18n.ts';
import { SHELL_NAMESPACES } from '../i18n/namespaces.ts';
import { logicalDateQuery, systemConfigQuery, venueConfigQuery } from '../lib/config-queries.ts';
import { queryClient } from '../lib/query-client.ts';

/**
 * Start-up (spec §2): system config, venue config and the logical date, loaded once for every route
 * tree, with the shell's texts. A venue that does not exist or is suspended fails here, and the root
 * error boundary says so.
 */
export async function rootLoader(): Promise<null> {
  const [systemConfig] = await Promise.all([
    queryClient.ensureQueryData(systemConfigQuery),
    queryClient.ensureQueryData(venueConfigQuery),
    loadNamespaces(SHELL_NAMESPACES),
  ]);
  // System config carries the logical date: seed that query instead of asking the server again.
  if (queryClient.getQueryData(logicalDateQuery.queryKey) === undefined) {
    queryClient.setQueryData(logicalDateQuery.queryKey, systemConfig.logicalDate);
  }
  return null;
}
