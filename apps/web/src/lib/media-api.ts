import {
  imageRemovedResponseSchema,
  imageUploadResponseSchema,
  menuCsvImportResponseSchema,
  menuCsvRowErrorSchema,
  type ImageUploadResponse,
  type MenuCsvImportResponse,
  type MenuCsvRowError,
} from '@sobremesa/contracts';
import { api } from './api.ts';
import { fetchDocument } from './api-document.ts';
import { UploadError, uploadFile } from './api-upload.ts';

type Progress = (fraction: number) => void;

async function uploadImage(path: string, file: File, onProgress: Progress): Promise<ImageUploadResponse> {
  return imageUploadResponseSchema.parse(await uploadFile(path, file, onProgress));
}

/** Image uploads and the menu's CSV (issue 22, decision 061). */
export const mediaCalls = {
  uploadVenueImage: (purpose: 'logo' | 'favicon', file: File, onProgress: Progress) =>
    uploadImage(`/world/api/admin/venue/${purpose}`, file, onProgress),
  removeVenueImage: (purpose: 'logo' | 'favicon') =>
    api.request(imageRemovedResponseSchema, `/world/api/admin/venue/${purpose}/remove`, { method: 'POST' }),
  uploadProductPhoto: (productId: number, file: File, onProgress: Progress) =>
    uploadImage(`/world/api/admin/products/${productId}/photo`, file, onProgress),
  removeProductPhoto: (productId: number) =>
    api.request(imageRemovedResponseSchema, `/world/api/admin/products/${productId}/photo/remove`, {
      method: 'POST',
    }),
  exportMenuCsv: () => fetchDocument('/world/api/admin/menus/export.csv'),
  importMenuCsv: async (file: File, dryRun: boolean): Promise<MenuCsvImportResponse> =>
    menuCsvImportResponseSchema.parse(
      await uploadFile(`/world/api/admin/menus/import?dryRun=${dryRun}`, file),
    ),
};

/** The rows a refused CSV names, when the refusal is about its content. */
export function csvRowErrors(error: unknown): MenuCsvRowError[] {
  if (!(error instanceof UploadError)) return [];
  const parsed = menuCsvRowErrorSchema.array().safeParse(error.reply.rowErrors);
  return parsed.success ? parsed.data : [];
}
