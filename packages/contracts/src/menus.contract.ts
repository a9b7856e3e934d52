import { z } from 'zod';
import { okSchema } from './envelope.ts';
import { roleIdSchema } from './floor.contract.ts';
import { capabilitySchema } from './reservations.contract.ts';

/**
 * The menu calls of spec §7 "Menus" (issue 6, decision 009). `menu/get` is public (a menu is what the
 * venue shows anyone at the table); with a copilot token it also lists invisible products. The product
 * calls are for staff, checked against the ordering role matrix of `@sobremesa/domain` (SEC-02).
 * Money is integer cents, VAT included (REL-04); flags keep the spec's 'SI'/'NO' spelling.
 */

const siNo = z.enum(['SI', 'NO']);
/** A flag as staff screens send it: true/false or 1/0. */
export const flagSchema = z
  .union([z.boolean(), z.literal(0), z.literal(1)])
  .transform((value) => value === true || value === 1);

/** POST /world/api/menu/get: the guest's (or staff's) menus. */
export const menuGetRequestSchema = z.strictObject({
  /** The guest's capability, when known: only used to check it (menus are the same for everyone). */
  uid: capabilitySchema.optional(),
  menuId: z.number().int().positive().optional(),
  roleId: roleIdSchema.optional(),
});

export const menuOptionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  priceModifierCents: z.number().int(),
  enabled: z.number().int(),
  sortOrder: z.number().int(),
});

export const menuOptionTypeSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  minChoices: z.number().int(),
  maxChoices: z.number().int(),
  sortOrder: z.number().int(),
  options: z.array(menuOptionSchema),
});

export const menuCourseSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  dishClass: z.number().int().nullable(),
  minChoices: z.number().int(),
  maxChoices: z.number().int(),
  items: z.array(
    z.object({
      productId: z.number().int(),
      sku: z.string(),
      name: z.string(),
      supplementCents: z.number().int(),
      available: z.boolean(),
      /** The dish's own options, chosen inside the menu (decision 015); the server always sends them. */
      productOptions: z.array(menuOptionTypeSchema).optional(),
    }),
  ),
});

export const menuProductSchema = z.object({
  id: z.number().int(),
  sku: z.string(),
  name: z.string(),
  description: z.string(),
  priceCents: z.number().int(),
  vatRateBp: z.number().int(),
  isMenu: siNo,
  topChoice: siNo,
  isUnitary: siNo,
  servingQtyMin: z.number().int(),
  unitaryIncrement: z.number().int(),
  productOptions: z.array(menuOptionTypeSchema),
  menuCourses: z.array(menuCourseSchema),
  dishClass: z.number().int().nullable(),
  modifyDishClass: z.boolean(),
  isShareable: z.boolean(),
  type: z.enum(['comida', 'bebida']),
  isVisible: z.boolean(),
  available: z.boolean(),
  pictureUrl: z.string().nullable(),
  allergens: z.array(
    z.object({ id: z.number().int(), code: z.string(), name: z.string(), mayContainTraces: z.boolean() }),
  ),
  sortOrder: z.number().int(),
});
export type MenuProduct = z.infer<typeof menuProductSchema>;

export interface MenuCategory {
  id: number;
  name: string;
  sortOrder: number;
  products: MenuProduct[];
  children: MenuCategory[];
}
export const menuCategorySchema: z.ZodType<MenuCategory> = z.lazy(() =>
  z.object({
    id: z.number().int(),
    name: z.string(),
    sortOrder: z.number().int(),
    products: z.array(menuProductSchema),
    children: z.array(menuCategorySchema),
  }),
);

export const menuSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  menuTypeName: z.string(),
  isDayMenu: z.boolean(),
  sortOrder: z.number().int(),
  sortOrderCustomer: z.number().int(),
  menuCategories: z.array(menuCategorySchema),
});
export type Menu = z.infer<typeof menuSchema>;

export const menuGetResponseSchema = okSchema({
  menus: z.array(menuSchema),
  dishClasses: z.array(z.object({ id: z.number().int(), name: z.string(), sortOrder: z.number().int() })),
  /** Every enabled option with its price modifier, by option id (spec "optionTypePriceModifiers"). */
  optionTypePriceModifiers: z.array(
    z.object({
      optionTypeId: z.number().int(),
      optionId: z.number().int(),
      priceModifierCents: z.number().int(),
    }),
  ),
  /** Whether guests may order from the menu (spec menuOrderEnabled); 0 makes it read-only. */
  menuOrderEnabled: z.union([z.literal(0), z.literal(1)]),
});
export type MenuGetResponse = z.infer<typeof menuGetResponseSchema>;

/** POST /world/api/product/menu/get: every product of the venue for the availability manager and editors. */
export const productMenuGetRequestSchema = z.strictObject({ roleId: roleIdSchema.optional() });

/** POST /world/api/product/menu/update {menuProduct}: staff edit a product (price changes are audited). */
export const productMenuUpdateRequestSchema = z.strictObject({
  roleId: roleIdSchema.optional(),
  menuProduct: z.strictObject({
    id: z.number().int().positive(),
    name: z.string().trim().min(1).max(200).optional(),
    description: z.string().max(2000).optional(),
    priceCents: z.number().int().min(0).max(100_000_00).optional(),
    vatRateBp: z.number().int().min(0).max(10000).optional(),
    isVisible: flagSchema.optional(),
    available: flagSchema.optional(),
    topChoice: flagSchema.optional(),
    sortOrder: z.number().int().min(0).max(100_000).optional(),
    /** Day-menu editing: the categories (of the venue) the product is listed in, replacing the current ones. */
    categoryIds: z.array(z.number().int().positive()).max(50).optional(),
  }),
});

/** POST /world/api/product/menu/update-availability-product. */
export const updateAvailabilityRequestSchema = z.strictObject({
  roleId: roleIdSchema.optional(),
  productId: z.number().int().positive(),
  available: flagSchema,
});

/** POST /world/api/product/menu/update-top-choice-product. */
export const updateTopChoiceRequestSchema = z.strictObject({
  roleId: roleIdSchema.optional(),
  productId: z.number().int().positive(),
  topChoice: flagSchema,
});

/** Realtime `menu.product.changed` payload: open menus update a product without a reload. */
export const menuProductChangedSchema = z.object({
  productId: z.number().int(),
  sku: z.string(),
  available: z.boolean(),
  topChoice: z.boolean(),
  isVisible: z.boolean(),
  priceCents: z.number().int(),
});

export const productMenuGetResponseSchema = okSchema({ menuProducts: z.array(menuProductSchema) });
export const productMenuUpdateResponseSchema = okSchema({ menuProduct: menuProductSchema });
export const updateAvailabilityResponseSchema = okSchema({
  productId: z.number().int(),
  available: z.boolean(),
});
export const updateTopChoiceResponseSchema = okSchema({
  productId: z.number().int(),
  topChoice: z.boolean(),
});
