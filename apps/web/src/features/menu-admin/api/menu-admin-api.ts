import {
  menuGetResponseSchema,
  productMenuGetResponseSchema,
  productMenuUpdateResponseSchema,
  updateAvailabilityResponseSchema,
  updateTopChoiceResponseSchema,
} from '@sobremesa/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { STAFF_QUERY_KEY } from '../../../lib/query-client.ts';
import { useWriteThenRead, type RereadWhen } from '../../../lib/write-then-read.ts';

/** The menu tools' queries: `menu.product.changed` from any screen refreshes them (RT-01). */
export const MENU_ADMIN_QUERY_KEY = [...STAFF_QUERY_KEY, 'menu-admin'] as const;

const withRole = (roleId: number | null) => (roleId === null ? {} : { roleId });

/** POST /world/api/product/menu/get: every product of the venue, flat. */
export function menuProductsQuery(roleId: number | null) {
  return queryOptions({
    queryKey: [...MENU_ADMIN_QUERY_KEY, 'products', roleId],
    queryFn: () =>
      api.request(productMenuGetResponseSchema, '/world/api/product/menu/get', { body: withRole(roleId) }),
    meta: { access: 'copilot' },
  });
}

/** POST /world/api/menu/get with the staff token: the menus and categories products are listed in. */
export function menuTreeQuery(roleId: number | null) {
  return queryOptions({
    queryKey: [...MENU_ADMIN_QUERY_KEY, 'menus', roleId],
    queryFn: () => api.request(menuGetResponseSchema, '/world/api/menu/get', { body: withRole(roleId) }),
    meta: { access: 'copilot' },
  });
}

export interface ProductEdit {
  readonly id: number;
  readonly name?: string;
  readonly priceCents?: number;
  readonly isVisible?: boolean;
  readonly categoryIds?: readonly number[];
}

/** The product calls of the menu tools, each with the role the staff member acts as. */
export function menuAdminCalls(roleId: number | null) {
  const role = withRole(roleId);
  return {
    setAvailable: (productId: number, available: boolean) =>
      api.request(updateAvailabilityResponseSchema, '/world/api/product/menu/update-availability-product', {
        body: { productId, available, ...role },
      }),
    setTopChoice: (productId: number, topChoice: boolean) =>
      api.request(updateTopChoiceResponseSchema, '/world/api/product/menu/update-top-choice-product', {
        body: { productId, topChoice, ...role },
      }),
    update: (menuProduct: ProductEdit) =>
      api.request(productMenuUpdateResponseSchema, '/world/api/product/menu/update', {
        body: { menuProduct, ...role },
      }),
  };
}

/** A menu tool's write: the products and menus are read again (`when`: see `RereadWhen`). */
export const useMenuToolsWrite = (when: RereadWhen) => useWriteThenRead([MENU_ADMIN_QUERY_KEY], when);
