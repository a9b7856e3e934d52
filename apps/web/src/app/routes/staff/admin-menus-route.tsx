import { AdminMenus } from '../../../features/admin-menus/components/admin-menus.tsx';
import '../../../features/admin-menus/admin-menus.css';

/** /ebitdata/carta: the venue's menus, categories, products and options (issue 22 §4). */
export function Component() {
  return <AdminMenus />;
}
