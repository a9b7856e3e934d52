import { toast } from '../../../components/toast/toast-store.ts';
import { forgetToken } from '../../../lib/sign-out.ts';
import { loginPath } from '../../../lib/login-path.ts';
import { i18n } from '../../../i18n/i18n.ts';
import { isAuthFailure } from '../../../lib/api-client.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { appRouter } from '../../app-router.ts';

let watching = false;

/**
 * Spec §6, §8 for every call that needs the copilot role (queries with `meta.access: 'copilot'`): a 401
 * means the session is gone, so sign in again; a 403 says 'No estas autorizado para acceder a copilot'.
 * Started by the staff loaders before their first such call, so no failure goes unseen; it lives in the
 * staff chunk because only staff screens make these calls.
 */
export function watchStaffAccessErrors(): void {
  if (watching) return;
  watching = true;
  queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'error') return;
    if (event.query.meta?.access !== 'copilot') return;
    const error = event.action.error;
    if (isAuthFailure(error, 401)) {
      forgetToken();
      // Set when the entry ran, before any staff code loads.
      const router = appRouter.current;
      if (!router) return;
      const { pathname, search } = router.state.location;
      void router.navigate(loginPath({ next: `${pathname}${search}` }), { replace: true });
    } else if (isAuthFailure(error, 403)) {
      toast.error(i18n.t('denied.copilot', { ns: 'auth' }));
    }
  });
}
