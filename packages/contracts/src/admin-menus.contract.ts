import { z } from 'zod';
import { LOCALES, MENU_KINDS, VAT_RATES_BP } from '@sobremesa/domain';
import { okSchema } from './envelope.ts';
import { freeTextSchema, idParamSchema, idSchema } from './wire-input.ts';

/**
 * The menus section of the admin area (/ebitdata/carta, issue 22 item 4, decision 060): menus, their
 * nested categories, products, option types and their options, the set menu's courses, translations in
 * the nine languages and the order of each list. Admin role only; names are the Spanish fallback, other
 * languages live in the translations table.
 */

const nameSchema = (max: number) =>
  freeTextSchema.pipe(z.string().trim().min(1, 'Escribe un nombre').max(max, `Como mucho ${max} caracteres`));

const centsSchema = z
  .number({ message: 'Un importe en céntimos' })
  .int('Un importe en céntimos')
  .min(0, 'No puede ser negativo')
  .max(10_000_000, 'Importe demasiado alto');

const modifierCentsSchema = z
  .number({ message: 'Un importe en céntimos' })
  .int('Un importe en céntimos')
  .min(-1_000_000, 'Importe demasiado bajo')
  .max(1_000_000, 'Importe demasiado alto');

const choicesSchema = z.number({ message: 'Un número' }).int('Un número entero').min(0).max(50);

/** An id in the path of a menus call. */
export const adminMenuIdParamsSchema = z.strictObject({ id: idParamSchema });

// ---------------------------------------------------------------------------------------------------
// Writes

/** POST /world/api/admin/menus and /menus/:id. */
export const adminMenuInputSchema = z.strictObject({
  name: nameSchema(80),
  kind: z.enum(MENU_KINDS, { message: 'Elige carta, bebidas o menú del día' }),
  enabled: z.boolean().default(true),
});
export type AdminMenuInput = z.output<typeof adminMenuInputSchema>;

/** POST /world/api/admin/menu-categories and /menu-categories/:id: a category of a menu, maybe nested. */
export const adminCategoryInputSchema = z.strictObject({
  menuId: idSchema,
  parentId: idSchema.nullable().default(null),
  name: nameSchema(80),
  enabled: z.boolean().default(true),
});
export type AdminCategoryInput = z.output<typeof adminCategoryInputSchema>;

const allergenEntrySchema = z.strictObject({
  allergenId: idSchema,
  mayContainTraces: z.boolean().default(false),
});

/**
 * POST /world/api/admin/products and /products/:id. An edit carries the `version` it was made on: a
 * product changed since (by another admin or a staff tool) answers 409 instead of being overwritten.
 */
export const adminProductInputSchema = z
  .strictObject({
    version: z.string().max(40).optional(),
    name: nameSchema(120),
    description: freeTextSchema.pipe(z.string().trim().max(1000, 'Como mucho 1000 caracteres')).default(''),
    priceCents: centsSchema,
    vatRateBp: z
      .number({ message: 'Elige un tipo de IVA' })
      .int()
      .refine((value) => (VAT_RATES_BP as readonly number[]).includes(value), {
        message: 'Elige un tipo de IVA: 0 %, 4 %, 10 % o 21 %',
      }),
    type: z.enum(['comida', 'bebida'], { message: 'Elige comida o bebida' }),
    isMenu: z.boolean().default(false),
    dishClassId: idSchema.nullable().default(null),
    topChoice: z.boolean().default(false),
    isVisible: z.boolean().default(true),
    isUnitary: z.boolean().default(false),
    servingQtyMin: z.number().int('Un número entero').min(1, 'Al menos 1').max(500).default(1),
    unitaryIncrement: z.number().int('Un número entero').min(1, 'Al menos 1').max(500).default(1),
    allergens: z
      .array(allergenEntrySchema)
      .max(14)
      .refine((rows) => new Set(rows.map((row) => row.allergenId)).size === rows.length, {
        message: 'Hay alérgenos repetidos',
      })
      .default([]),
    categoryIds: z
      .array(idSchema)
      .max(50)
      .refine((ids) => new Set(ids).size === ids.length, { message: 'Hay categorías repetidas' })
      .default([]),
    optionTypeIds: z
      .array(idSchema)
      .max(20)
      .refine((ids) => new Set(ids).size === ids.length, { message: 'Hay tipos de opción repetidos' })
      .default([]),
  })
  .refine((body) => body.isUnitary || (body.servingQtyMin === 1 && body.unitaryIncrement === 1), {
    path: ['isUnitary'],
    message: 'Las raciones por unidades solo se indican en productos por unidades',
  });
export type AdminProductInput = z.output<typeof adminProductInputSchema>;

const optionInputSchema = z.strictObject({
  /** An existing option keeps its id (and its translations); a new one has none. */
  id: idSchema.optional(),
  name: nameSchema(80),
  priceModifierCents: modifierCentsSchema.default(0),
  enabled: z.boolean().default(true),
});

/** POST /world/api/admin/option-types and /option-types/:id: the type and its whole list of options. */
export const adminOptionTypeInputSchema = z
  .strictObject({
    name: nameSchema(80),
    minChoices: choicesSchema.default(0),
    maxChoices: choicesSchema.min(1, 'Al menos 1').default(1),
    options: z.array(optionInputSchema).max(50).default([]),
  })
  .refine((body) => body.maxChoices >= body.minChoices, {
    path: ['maxChoices'],
    message: 'El máximo no puede ser menor que el mínimo',
  });
export type AdminOptionTypeInput = z.output<typeof adminOptionTypeInputSchema>;

const courseItemSchema = z
  .strictObject({
    productId: idSchema.nullable().default(null),
    categoryId: idSchema.nullable().default(null),
    supplementCents: centsSchema.default(0),
  })
  .refine((item) => (item.productId === null) !== (item.categoryId === null), {
    message: 'Elige un plato o una categoría',
  });

/** POST /world/api/admin/products/:id/courses: the courses of a menú del día, replaced whole. */
export const adminCoursesInputSchema = z.strictObject({
  courses: z
    .array(
      z
        .strictObject({
          id: idSchema.optional(),
          name: nameSchema(80),
          dishClassId: idSchema.nullable().default(null),
          minChoices: choicesSchema.default(1),
          maxChoices: choicesSchema.min(1, 'Al menos 1').default(1),
          items: z.array(courseItemSchema).max(100).default([]),
        })
        .refine((course) => course.maxChoices >= course.minChoices, {
          path: ['maxChoices'],
          message: 'El máximo no puede ser menor que el mínimo',
        }),
    )
    .max(10),
});
export type AdminCoursesInput = z.output<typeof adminCoursesInputSchema>;

/** POST /world/api/admin/translations: one field's text in any of the nine languages ('' removes one). */
export const adminTranslationsInputSchema = z.strictObject({
  key: z.string().max(60),
  values: z.partialRecord(
    z.enum(LOCALES),
    freeTextSchema.pipe(z.string().trim().max(1000, 'Como mucho 1000 caracteres')),
  ),
});
export type AdminTranslationsInput = z.output<typeof adminTranslationsInputSchema>;

/**
 * POST /world/api/admin/menu-order: the new order of one list of siblings: the menus, the categories
 * under one parent (`parentId` null: a menu's top level), the products of one category, the option types.
 */
export const adminReorderInputSchema = z.discriminatedUnion('list', [
  z.strictObject({ list: z.literal('menus'), ids: z.array(idSchema).max(200) }),
  z.strictObject({
    list: z.literal('categories'),
    menuId: idSchema,
    parentId: idSchema.nullable(),
    ids: z.array(idSchema).max(500),
  }),
  z.strictObject({ list: z.literal('products'), categoryId: idSchema, ids: z.array(idSchema).max(1000) }),
  z.strictObject({ list: z.literal('optionTypes'), ids: z.array(idSchema).max(200) }),
]);
export type AdminReorderInput = z.output<typeof adminReorderInputSchema>;

// ---------------------------------------------------------------------------------------------------
// Reads

export const adminMenuSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: z.string(),
  enabled: z.boolean(),
  sortOrder: z.number().int(),
});
export type AdminMenu = z.infer<typeof adminMenuSchema>;

export const adminCategorySchema = z.object({
  id: z.number().int(),
  menuId: z.number().int(),
  parentId: z.number().int().nullable(),
  name: z.string(),
  enabled: z.boolean(),
  sortOrder: z.number().int(),
  /** The products listed in it, in their order. */
  productIds: z.array(z.number().int()),
});
export type AdminCategory = z.infer<typeof adminCategorySchema>;

export const adminProductSchema = z.object({
  id: z.number().int(),
  /** What an edit sends back to prove it saw the latest state (the row's last change, as an instant). */
  version: z.string(),
  sku: z.string(),
  name: z.string(),
  description: z.string(),
  priceCents: z.number().int(),
  vatRateBp: z.number().int(),
  type: z.enum(['comida', 'bebida']),
  isMenu: z.boolean(),
  dishClassId: z.number().int().nullable(),
  topChoice: z.boolean(),
  isVisible: z.boolean(),
  available: z.boolean(),
  isUnitary: z.boolean(),
  servingQtyMin: z.number().int(),
  unitaryIncrement: z.number().int(),
  /** The product's photo, when it has one (uploaded through the photo section, not this form). */
  pictureUrl: z.string().nullable(),
  allergens: z.array(z.object({ allergenId: z.number().int(), mayContainTraces: z.boolean() })),
  categoryIds: z.array(z.number().int()),
  optionTypeIds: z.array(z.number().int()),
  courses: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      dishClassId: z.number().int().nullable(),
      minChoices: z.number().int(),
      maxChoices: z.number().int(),
      items: z.array(
        z.object({
          productId: z.number().int().nullable(),
          categoryId: z.number().int().nullable(),
          supplementCents: z.number().int(),
        }),
      ),
    }),
  ),
});
export type AdminProduct = z.infer<typeof adminProductSchema>;

export const adminOptionTypeSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  minChoices: z.number().int(),
  maxChoices: z.number().int(),
  sortOrder: z.number().int(),
  options: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      priceModifierCents: z.number().int(),
      enabled: z.boolean(),
    }),
  ),
});
export type AdminOptionType = z.infer<typeof adminOptionTypeSchema>;

/** GET /world/api/admin/menus: everything the editor shows, archived products excluded. */
export const adminMenusResponseSchema = okSchema({
  menus: z.array(adminMenuSchema),
  categories: z.array(adminCategorySchema),
  products: z.array(adminProductSchema),
  optionTypes: z.array(adminOptionTypeSchema),
  dishClasses: z.array(z.object({ id: z.number().int(), name: z.string() })),
  allergens: z.array(z.object({ id: z.number().int(), code: z.string(), name: z.string() })),
  vatRatesBp: z.array(z.number().int()),
  /** Every translation of the venue's menu content: key → language → text. */
  translations: z.record(z.string(), z.partialRecord(z.enum(LOCALES), z.string())),
});
export type AdminMenusResponse = z.infer<typeof adminMenusResponseSchema>;

/** What a write answers: the id it wrote (a new row's), or how a removal went. */
export const adminMenuWriteResponseSchema = okSchema({
  id: z.number().int().optional(),
  version: z.string().optional(),
  /** A product that order lines name is archived, one that none name is deleted (decision 060). */
  removal: z.enum(['deleted', 'archived']).optional(),
});
export type AdminMenuWriteResponse = z.infer<typeof adminMenuWriteResponseSchema>;
