import multipart from '@fastify/multipart';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MAX_PHOTO_BYTES } from '@servery/contract/menu-editor';
import { PHOTO_FILE } from '@servery/contract/photo-names';
import type { Database } from '../../../db/client.ts';
import { AppError, badRequest, notFound } from '../../../lib/app-error.ts';
import { staffOf } from '../../../plugins/staff-session.ts';
import { auditActorOf } from '../../audit/audit-actor.ts';
import { etagOf } from '../item-context.ts';
import { findPhoto, type PhotosService } from './photos.service.ts';

const ZIdParams = z.object({ id: z.uuid({ message: 'Not a valid id' }) });
const ZPhotoParams = z.object({ file: z.string().regex(PHOTO_FILE, 'Not a photo name') });
const noPhoto = (message: string) => badRequest(message, { photo: message });

/**
 * POST /api/admin/items/{id}/photo (multipart, field `photo`) and the photos' own address,
 * /tenancy/photos/{file}: names carry a hash of the upload, so a name never changes its bytes
 * and browsers may keep them for a year.
 */
export const photosRoutes: FastifyPluginAsyncZod<{ db: Database; photos: PhotosService }> = async (
  app,
  { db, photos },
) => {
  // Registered inside this plugin only: no other route accepts multipart bodies.
  await app.register(multipart, {
    limits: { fileSize: MAX_PHOTO_BYTES, files: 1, fields: 4, parts: 5 },
  });
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.method === 'POST' && reply.statusCode < 300 && request.staff) {
      app.tenantCache.forget(request.staff.tenantId);
    }
    return payload;
  });

  app.post(
    '/api/admin/items/:id/photo',
    { schema: { params: ZIdParams }, onRequest: app.requireStaff('menu:edit') },
    async (request, reply) => {
      await photos.checkDish(staffOf(request), request.params.id);
      if (!request.isMultipart())
        throw noPhoto('Send the photo as multipart/form-data in "photo".');
      let bytes: Buffer | null = null;
      try {
        for await (const part of request.parts()) {
          if (part.type === 'file' && part.fieldname === 'photo' && !bytes) {
            bytes = await part.toBuffer();
          } else if (part.type === 'file') await part.toBuffer();
        }
      } catch (error) {
        if (error instanceof AppError) throw error;
        const code = (error as { code?: string }).code;
        if (code === 'FST_REQ_FILE_TOO_LARGE') {
          throw noPhoto(
            `The photo is larger than the limit of ${MAX_PHOTO_BYTES / 1024 / 1024} MB.`,
          );
        }
        throw noPhoto('The upload could not be read; send one photo in the field "photo".');
      }
      if (!bytes) throw noPhoto('Send the photo in the field "photo".');
      const data = await photos.upload(
        staffOf(request),
        auditActorOf(request),
        request.params.id,
        bytes,
      );
      void reply.header('etag', etagOf(data.item.version));
      return { status: 200, message: 'The photo is saved.', data };
    },
  );

  app.get('/tenancy/photos/:file', { schema: { params: ZPhotoParams } }, async (request, reply) => {
    const { file } = request.params;
    const photo = await app.tenantCache.get(request.tenant.id, `photo:${file}`, () =>
      findPhoto(db, request.tenant.id, file),
    );
    if (!photo) throw notFound(`This shop has no photo named ${file}.`);
    return reply
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('cross-origin-resource-policy', 'same-site')
      .type(photo.contentType)
      .send(Buffer.from(photo.bytes));
  });
};
