import { DELIVERY_FEE_SKU } from '@sobremesa/domain';
import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';
import { camelRow, leanQuery } from '../../db/lean.ts';
import { firstRow } from '../../db/rows.ts';
import { orderInCart } from '../kitchen/kitchen.service.ts';
import type {
  menuCourseItems,
  menuCourses,
  optionTypes,
  options,
  productCategories,
  productOptionTypes,
  products,
} from '../../db/schema/index.ts';
import { cartSessionOrders, cartSessions, productOrders } from '../../db/schema/index.ts';

export type CartSessionOrderRow = typeof cartSessionOrders.$inferSelect;
export type ProductOrderRow = typeof productOrders.$inferSelect;
type ProductRow = typeof products.$inferSelect;

/** The lines of an order, in insertion order. */
export function linesOfOrder(
  db: Executor,
  venueId: number,
  cartSessionOrderId: number,
): Promise<ProductOrderRow[]> {
  return db
    .select()
    .from(productOrders)
    .where(and(eq(productOrders.venueId, venueId), eq(productOrders.cartSessionOrderId, cartSessionOrderId)))
    .orderBy(asc(productOrders.id));
}

/** Every line of an account, oldest first (the guest's "Ver pedido"). */
export function linesOfReservation(
  db: Executor,
  venueId: number,
  reservationId: number,
): Promise<ProductOrderRow[]> {
  return db
    .select()
    .from(productOrders)
    .where(and(eq(productOrders.venueId, venueId), eq(productOrders.reservationId, reservationId)))
    .orderBy(asc(productOrders.createdAt), asc(productOrders.id));
}

/** A reservation's orders in one status, oldest first. */
export function ordersOfReservation(
  db: Executor,
  venueId: number,
  reservationId: number,
  status: number,
): Promise<CartSessionOrderRow[]> {
  return db
    .select({ order: cartSessionOrders })
    .from(cartSessionOrders)
    .innerJoin(cartSessions, orderInCart)
    .where(
      and(
        eq(cartSessionOrders.venueId, venueId),
        eq(cartSessions.reservationId, reservationId),
        eq(cartSessionOrders.status, status),
      ),
    )
    .orderBy(asc(cartSessionOrders.id))
    .then((rows) => rows.map((row) => row.order));
}

// ---------------------------------------------------------------------------------------------------
// The order call's own statements (issue 21, decision 054): hand-written, prepared once per connection.

/** The catalogue rows an order's lines are priced from: only its products, their options and courses. */
export interface OrderCatalogue {
  readonly productRows: ProductRow[];
  readonly optionRows: (typeof options.$inferSelect)[];
  readonly optionTypeRows: (typeof optionTypes.$inferSelect)[];
  readonly productTypes: (typeof productOptionTypes.$inferSelect)[];
  readonly courseRows: (typeof menuCourses.$inferSelect)[];
  readonly courseItemRows: (typeof menuCourseItems.$inferSelect)[];
  readonly listing: (typeof productCategories.$inferSelect)[];
  readonly dishClassRows: { id: number }[];
}

const ORDER_CATALOGUE_SQL = `
with p as (
  select * from products
  where venue_id = $1 and sku in (select jsonb_array_elements_text($2::jsonb)) and sku <> $3
    -- An archived product is kept for the history that names it, never ordered again (decision 060).
    and archived_at is null
), c as (
  select * from menu_courses where venue_id = $1 and menu_product_id in (select id from p)
), ci as (
  select * from menu_course_items where venue_id = $1 and course_id in (select id from c)
), pt as (
  select * from product_option_types where venue_id = $1 and product_id in (select id from p)
)
select
  coalesce((select jsonb_agg(to_jsonb(p) order by p.sort_order, p.id) from p), '[]') as products,
  coalesce((select jsonb_agg(to_jsonb(c) order by c.sort_order, c.id) from c), '[]') as courses,
  coalesce((select jsonb_agg(to_jsonb(ci) order by ci.sort_order, ci.id) from ci), '[]') as course_items,
  coalesce((select jsonb_agg(to_jsonb(pc) order by pc.sort_order, pc.product_id) from product_categories pc
    where pc.venue_id = $1 and pc.product_id in (select id from p)
      and pc.category_id in (select category_id from ci)), '[]') as listing,
  coalesce((select jsonb_agg(to_jsonb(pt) order by pt.sort_order) from pt), '[]') as product_types,
  coalesce((select jsonb_agg(to_jsonb(ot) order by ot.sort_order, ot.id) from option_types ot
    where ot.venue_id = $1 and ot.id in (select option_type_id from pt)), '[]') as option_types,
  coalesce((select jsonb_agg(to_jsonb(o) order by o.sort_order, o.id) from options o
    where o.venue_id = $1 and o.option_type_id in (select option_type_id from pt)), '[]') as options,
  coalesce((select jsonb_agg(jsonb_build_object('id', d.id) order by d.sort_order, d.id) from dish_classes d
    where d.venue_id = $1), '[]') as dish_classes,
  coalesce((select jsonb_agg(distinct dish_class_id) from product_orders
    where venue_id = $1 and reservation_id = $4 and held and status >= 0
      and dish_class_id is not null), '[]') as held`;

/**
 * In one statement: the venue's products an order names (its lines' and its menu choices' skus), their
 * option types and options, the courses of the menus among them, the venue's dish classes in course
 * order and, when `held`, the dish classes of the account's held lines. Those lines are not locked: the
 * caller holds the account's row lock, which course firing and every other change of a line's course
 * take first, so none of them moves meanwhile. The rest of the catalogue is not read.
 */
export async function orderCatalogue(
  db: Executor,
  venueId: number,
  skus: readonly string[],
  held: { readonly reservationId: number } | null,
): Promise<{ catalogue: OrderCatalogue; heldDishClassIds: number[] }> {
  const answer = await leanQuery<Record<string, Record<string, unknown>[]>>(
    db,
    'order_catalogue',
    ORDER_CATALOGUE_SQL,
    // Without `held` the account is 0, which no reservation is: a value rather than an on/off switch keeps
    // one generic plan, where a constant false plans cheaper per call and keeps PostgreSQL re-planning.
    [venueId, JSON.stringify([...new Set(skus)]), DELIVERY_FEE_SKU, held?.reservationId ?? 0],
  );
  const row = firstRow(answer, 'catalogue query');
  const rows = <T>(key: string) => (row[key] ?? []).map((item) => camelRow<T>(item));
  return {
    catalogue: {
      productRows: rows('products'),
      optionRows: rows('options'),
      optionTypeRows: rows('option_types'),
      productTypes: rows('product_types'),
      courseRows: rows('courses'),
      courseItemRows: rows('course_items'),
      listing: rows('listing'),
      dishClassRows: rows('dish_classes'),
    },
    heldDishClassIds: ((row.held ?? []) as unknown as (number | null)[]).filter(
      (id): id is number => id !== null,
    ),
  };
}
