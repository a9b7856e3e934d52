import { AdminReports } from '../../../features/admin/components/admin-reports.tsx';

/**
 * /ebitdata/informes: the owner's reports (issue 24 item 6); the frame's loader checks the admin. Its own
 * chunk: the chart library comes with it and with no other route (decision 045).
 */
export function Component() {
  return <AdminReports />;
}
