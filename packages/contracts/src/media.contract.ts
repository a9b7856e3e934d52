import { z } from 'zod';
import { okSchema } from './envelope.ts';

/** The product a photo call names, by its id in the path. */
export const productPhotoParamsSchema = z.strictObject({
  productId: z.coerce.number().int().positive().max(2147483647),
});

/** POST /world/api/admin/venue/{logo,favicon}, /world/api/admin/products/:productId/photo (decision 061). */
export const imageUploadResponseSchema = z.object({
  result: z.literal(0),
  /** The main rendition, as the venue settings or the product keep it. */
  url: z.string(),
  /** Every rendition by its width in pixels. */
  renditions: z.record(z.string(), z.string()),
});
export type ImageUploadResponse = z.infer<typeof imageUploadResponseSchema>;

/** POST /world/api/admin/venue/{logo,favicon}/remove, /world/api/admin/products/:productId/photo/remove. */
export const imageRemovedResponseSchema = okSchema({});

/** One problem of a menu CSV: its line in the file (the header is line 1), its column, what is wrong. */
export const menuCsvRowErrorSchema = z.object({
  row: z.number().int(),
  column: z.string(),
  message: z.string(),
});
export type MenuCsvRowError = z.infer<typeof menuCsvRowErrorSchema>;

/** What an import does (or would do, on a dry run) to one product, by its SKU. */
export const menuCsvChangeSchema = z.object({
  row: z.number().int(),
  sku: z.string(),
  name: z.string(),
  action: z.enum(['create', 'update', 'unchanged']),
  /** The columns whose value changes. */
  fields: z.array(z.string()),
});
export type MenuCsvChange = z.infer<typeof menuCsvChangeSchema>;

/** POST /world/api/admin/menus/import's query: `dryRun=true` plans without writing. */
export const menuCsvImportQuerySchema = z.strictObject({
  dryRun: z.enum(['true', 'false']).default('false'),
});

/** POST /world/api/admin/menus/import: the plan (dry run) or what was written. */
export const menuCsvImportResponseSchema = z.object({
  result: z.literal(0),
  dryRun: z.boolean(),
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  /** Categories the import creates, as "Menu > Category" paths. */
  newCategories: z.array(z.string()),
  changes: z.array(menuCsvChangeSchema),
});
export type MenuCsvImportResponse = z.infer<typeof menuCsvImportResponseSchema>;
