import { useSearchParams } from 'react-router';
import { ReviewPage } from '../../../features/reviews/components/review-page.tsx';
import { loadNamespaces } from '../../../i18n/i18n.ts';
import { routeNamespaces } from '../../route-namespaces.ts';

export async function loader() {
  await loadNamespaces(routeNamespaces.reviews);
  return null;
}

/** /opinion?t=… (the ticket's QR) or ?uid=… (the guest's own phone): rate the visit. */
export function Component() {
  const [params] = useSearchParams();
  const token = params.get('t');
  const uid = params.get('uid');
  return <ReviewPage capability={token ? { t: token } : uid ? { uid } : null} />;
}
