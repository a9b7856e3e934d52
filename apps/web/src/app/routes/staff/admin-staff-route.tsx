import { AdminStaff } from '../../../features/admin/components/admin-staff.tsx';

/** /ebitdata/equipo: the venue's team and their roles (issue 22 item 5); the frame's loader checks the admin. */
export function Component() {
  return <AdminStaff />;
}
