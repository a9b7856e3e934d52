import { adminMenusResponseSchema, adminMenuWriteResponseSchema } from '@sobremesa/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { STAFF_QUERY_KEY } from '../../../lib/query-client.ts';
import { useWriteThenRead } from '../../../lib/write-then-read.ts';

/** GET /world/api/admin/menus: the editor's whole picture of the venue's menus. */
export const adminMenusQuery = queryOptions({
  // Under the admin area's prefix (ADMIN_QUERY_KEY of features/admin/api/admin-api.ts), spelled out: features do
  // not import each other, and a shared file for one constant would cost every page an entry in its chunk list.
  queryKey: [...STAFF_QUERY_KEY, 'admin', 'menus'],
  queryFn: () => api.request(adminMenusResponseSchema, '/world/api/admin/menus'),
});

const write = (url: string, body: object) => api.request(adminMenuWriteResponseSchema, url, { body });

/** A kind of row with a create, an edit and a removal (decision 060). */
function rows(base: string) {
  return {
    create: (body: object) => write(base, body),
    update: (id: number, body: object) => write(`${base}/${id}`, body),
    remove: (id: number) => write(`${base}/${id}/remove`, {}),
  };
}

export const adminMenuCalls = {
  menus: rows('/world/api/admin/menus'),
  categories: rows('/world/api/admin/menu-categories'),
  products: rows('/world/api/admin/products'),
  optionTypes: rows('/world/api/admin/option-types'),
  saveCourses: (productId: number, courses: object[]) =>
    write(`/world/api/admin/products/${productId}/courses`, { courses }),
  saveTranslations: (key: string, values: Record<string, string>) =>
    write('/world/api/admin/translations', { key, values }),
  reorder: (body: object) => write('/world/api/admin/menu-order', body),
};

/** An editor's write: the menus are read again before it resolves. */
export const useAdminMenusWrite = () => useWriteThenRead([adminMenusQuery.queryKey]);
