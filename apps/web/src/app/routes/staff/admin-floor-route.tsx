import { AdminFloor } from '../../../features/admin/floor-plan/admin-floor.tsx';

/** /ebitdata/sala: the floor plan editor (issue 22 §3). */
export function Component() {
  return <AdminFloor />;
}
