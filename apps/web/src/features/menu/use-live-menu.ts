import type { MenuGetResponse } from '@sobremesa/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { applyProductChange } from '../../lib/guest-menu/menu-model.ts';
import { useProductEvents } from '../../lib/guest-menu/use-product-events.ts';
import type { useTableOrder } from './use-table-order.ts';

/**
 * Keeps the guest menu's cached reply live (decisions 014, 028): a changed dish is patched into it, a dish
 * it never had and a lost stream read it again, and the table's order follows its own changes.
 */
export function useLiveMenu(queryClient: QueryClient, tableOrder: ReturnType<typeof useTableOrder>) {
  useProductEvents(
    (change) => {
      let unknown = false;
      queryClient.setQueriesData<MenuGetResponse>({ queryKey: ['menu', 'get'] }, (current) => {
        if (!current) return current;
        const patched = applyProductChange(current, change);
        if (!patched.found) unknown = true;
        return patched.reply;
      });
      // A dish the guest menu never had (hidden until now): its names and options come with a refetch.
      if (unknown && change.isVisible) void queryClient.invalidateQueries({ queryKey: ['menu', 'get'] });
    },
    () => {
      void queryClient.invalidateQueries({ queryKey: ['menu', 'get'] });
      tableOrder.refresh();
    },
    tableOrder.onOrderChanged,
  );
}
