import { useTranslation } from '../../../i18n/use-translation.ts';
import { toast } from '../../../components/toast/toast-store.ts';
import { useAdminMenusWrite } from '../api/admin-menus-api.ts';
import { failureOf } from './menu-field.tsx';

/**
 * A form's writes on the menus: `run(send, said)` stores, waits for the menus to be read again, tells the
 * admin what `said` puts in words and resolves with the reply; a refusal resolves null and stays in
 * `failure`, for the form to place at its fields.
 */
export function useMenuWrite() {
  const { t } = useTranslation('adminMenus');
  const { write, busy, error } = useAdminMenusWrite();
  async function run<T>(send: () => Promise<T>, said: (reply: T) => string): Promise<T | null> {
    try {
      const reply = await write(send);
      toast.success(said(reply));
      return reply;
    } catch {
      return null;
    }
  }
  return { run, busy, failure: error && failureOf(error, t) };
}
