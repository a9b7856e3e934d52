import { AdminBookings } from '../../../features/admin/components/admin-bookings.tsx';

/** /ebitdata/reservas: the bookings settings with a preview (issue 22 item 2); the frame's loader checks the admin. */
export function Component() {
  return <AdminBookings />;
}
