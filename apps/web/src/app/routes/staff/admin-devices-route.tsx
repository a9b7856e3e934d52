import { AdminDevices } from '../../../features/admin/components/admin-devices.tsx';

/** /ebitdata/dispositivos: the venue's devices (issue 22 §6). */
export function Component() {
  return <AdminDevices />;
}
