import { AdminFiscal } from '../../../features/admin/components/admin-fiscal.tsx';

/** /ebitdata/fiscal: VERI*FACTU's settings and records (issue 23 item 6); the frame's loader checks the admin. */
export function Component() {
  return <AdminFiscal />;
}
