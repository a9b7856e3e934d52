import {
  imageRemovedResponseSchema,
  imageUploadResponseSchema,
  productPhotoParamsSchema,
} from '@sobremesa/contracts';
import type { FastifyError, FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../http/app-error.ts';
import { principalOf } from '../../http/auth.ts';
import { sendAppError } from '../../http/error-handler.ts';
import { contractRoutes } from '../../http/route-schemas.ts';
import { MAX_IMAGE_BYTES } from './image-renditions.ts';
import { findRendition } from './media.repository.ts';
import { MEDIA_PATH, removeVenueImage, setProductPhoto, setVenueImage } from './media.service.ts';

const fileParamsSchema = z.strictObject({ file: z.string().max(64) });

/** A year: the longest lifetime caches honour; the URL changes whenever the picture does. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

function tooLarge(): AppError {
  return new AppError(413, 'PAYLOAD_TOO_LARGE', 'image_too_large', {
    params: { max: MAX_IMAGE_BYTES / (1024 * 1024) },
  });
}

/** The upload as raw bytes; a JSON or form body is not an image. */
function imageBody(body: unknown): Buffer {
  if (Buffer.isBuffer(body) && body.length > 0) return body;
  throw new AppError(400, 'VALIDATION_FAILED', 'image_type_refused', {
    fields: [{ path: '(body)', message: 'Send the image file as the request body' }],
  });
}

/**
 * Image uploads (issue 22, decision 061): the venue's logo and favicon, a product's photo. The body is the
 * file itself (any content type but JSON; its real type is read from its bytes), at most 8 MB, refused
 * with its own message past that. Admin only; the renditions are served publicly at `/media/...` on the
 * venue's host, with an immutable cache lifetime and the rendition's hash as ETag.
 */
export async function registerMediaRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const api = contractRoutes(app);
  api.get(
    '/media/:file',
    { schema: { params: fileParamsSchema }, config: { access: 'public' } },
    async (request, reply) => {
      const { file } = request.params;
      const match = MEDIA_PATH.exec(file);
      if (!match) throw new AppError(404, 'NOT_FOUND', 'not_found');
      const [, sourceKey, width, format] = match as unknown as [string, string, string, 'webp' | 'png'];
      const rendition = await findRendition(ctx.db, request.venue.id, sourceKey, Number(width), format);
      if (!rendition) throw new AppError(404, 'NOT_FOUND', 'not_found');
      const etag = `"${rendition.hash}"`;
      reply.header('cache-control', IMMUTABLE).header('etag', etag);
      if (request.headers['if-none-match'] === etag) return reply.status(304).send();
      return reply.type(rendition.contentType).send(rendition.bytes);
    },
  );

  await app.register(async (uploads) => {
    uploads.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: MAX_IMAGE_BYTES },
      (_request, body, done) => done(null, body),
    );
    uploads.setErrorHandler((error: FastifyError, request, reply) => {
      if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return sendAppError(request, reply, tooLarge());
      throw error;
    });
    const images = contractRoutes(uploads);
    const access = { access: 'admin' as const };
    const uploaded = { '2xx': imageUploadResponseSchema };
    const removed = { '2xx': imageRemovedResponseSchema };
    const upload = { config: access, bodyLimit: MAX_IMAGE_BYTES, schema: { response: uploaded } };
    const removal = { config: access, schema: { response: removed } };

    for (const purpose of ['logo', 'favicon'] as const) {
      images.post(`/world/api/admin/venue/${purpose}`, upload, async (request) => ({
        result: 0,
        ...(await setVenueImage(ctx, request.venue, principalOf(request), purpose, imageBody(request.body))),
      }));
      images.post(`/world/api/admin/venue/${purpose}/remove`, removal, async (request) => {
        await removeVenueImage(ctx, request.venue, principalOf(request), purpose);
        return { result: 0 };
      });
    }

    images.post(
      '/world/api/admin/products/:productId/photo',
      { ...upload, schema: { params: productPhotoParamsSchema, response: uploaded } },
      async (request) => {
        const { productId } = request.params;
        const image = await setProductPhoto(
          ctx,
          request.venue,
          principalOf(request),
          productId,
          imageBody(request.body),
        );
        return { result: 0, ...image };
      },
    );
    images.post(
      '/world/api/admin/products/:productId/photo/remove',
      { config: access, schema: { params: productPhotoParamsSchema, response: removed } },
      async (request) => {
        const { productId } = request.params;
        await setProductPhoto(ctx, request.venue, principalOf(request), productId, null);
        return { result: 0 };
      },
    );
  });
}
