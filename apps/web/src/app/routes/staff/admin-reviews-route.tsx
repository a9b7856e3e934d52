import { AdminReviews } from '../../../features/admin/components/admin-reviews.tsx';
import { loadNamespaces } from '../../../i18n/i18n.ts';

/** /ebitdata/opiniones: the venue's guest reviews (issue 26 item 6); the frame's loader checks the admin. */
export async function loader() {
  await loadNamespaces(['reviews']);
  return null;
}

export function Component() {
  return <AdminReviews />;
}
