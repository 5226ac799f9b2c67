import multipart from '@fastify/multipart';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import {
  LOGO_SLOTS,
  LOGO_SLOT_LABELS,
  MAX_LOGO_UPLOAD_BYTES,
  ZShopIdentityPatch,
  ZStoreContactPatch,
} from '@servery/contract/shop-identity';
import { AppError, badRequest } from '../../lib/app-error.ts';
import { staffOf } from '../../plugins/staff-session.ts';
import { auditActorOf } from '../audit/audit-actor.ts';
import { answerStaleSaves } from '../store-settings/versions.ts';
import type { ShopIdentityService } from './shop-identity.service.ts';

const ZIdParams = z.object({ id: z.uuid({ message: 'Not a valid id' }) });
const ZSlotParams = z.object({
  slot: z.enum(LOGO_SLOTS, { message: `Use one of ${LOGO_SLOTS.join(', ')}` }),
});
const noLogo = (message: string) => badRequest(message, { logo: message });
const etagOf = (version: string) => `"${version}"`;

/**
 * The version a save was based on: If-Match first (the ETag a read gave), else the body's. A save
 * without one is a 428, as the other editors' (store-settings/versions.ts, whose versions are
 * counters where these are fingerprints).
 */
function versionOfSave(request: FastifyRequest, bodyVersion: string | undefined): string {
  const header = request.headers['if-match'];
  if (typeof header === 'string' && header.trim() !== '') {
    const match = /^(?:W\/)?"?([a-f0-9]{16})"?$/.exec(header.trim());
    if (!match) {
      throw badRequest('If-Match must be the ETag a read gave.', { 'if-match': 'Not a version' });
    }
    return match[1]!;
  }
  if (bodyVersion !== undefined) return bodyVersion;
  throw new AppError(
    428,
    'version_required',
    'Send the version you read (the If-Match header, or version in the body), so that a colleague’s change is not overwritten.',
    { version: 'Required' },
  );
}

/**
 * The Shop editor (walk item 10, decision 88): `shop:edit`; the shop-wide fields and logos only
 * for someone who works in every store, a store's address and phone in one's own stores.
 */
export const shopIdentityRoutes: FastifyPluginAsyncZod<{ identity: ShopIdentityService }> = async (
  app,
  { identity },
) => {
  answerStaleSaves(app);
  // Registered inside this plugin only, as the dish photos' (menu-editor/photos).
  await app.register(multipart, {
    limits: { fileSize: MAX_LOGO_UPLOAD_BYTES, files: 1, fields: 4, parts: 5 },
  });
  // A change clears this process's copy of the shop at once; NOTIFY clears the others'.
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.method !== 'GET' && reply.statusCode < 300 && request.staff) {
      app.tenantCache.forget(request.staff.tenantId);
    }
    return payload;
  });
  const onRequest = app.requireStaff('shop:edit');

  app.get('/api/admin/shop/identity', { onRequest }, async (request, reply) => {
    const data = await identity.read(staffOf(request));
    void reply.header('etag', etagOf(data.version));
    return { status: 200, message: 'The shop’s details.', data };
  });

  app.patch(
    '/api/admin/shop/identity',
    { schema: { body: ZShopIdentityPatch }, onRequest },
    async (request, reply) => {
      const version = versionOfSave(request, request.body.version);
      const data = await identity.patchIdentity(
        staffOf(request),
        auditActorOf(request),
        request.body,
        version,
      );
      void reply.header('etag', etagOf(data.version));
      return { status: 200, message: 'The shop’s details are saved.', data };
    },
  );

  app.post(
    '/api/admin/shop/logos/:slot',
    { schema: { params: ZSlotParams }, onRequest },
    async (request, reply) => {
      // Refused before the upload is read, so a file from someone who may not is not decoded.
      await identity.mustCoverTheShop(staffOf(request));
      if (!request.isMultipart()) throw noLogo('Send the image as multipart/form-data in "logo".');
      let bytes: Buffer | null = null;
      try {
        for await (const part of request.parts()) {
          if (part.type === 'file' && part.fieldname === 'logo' && !bytes) {
            bytes = await part.toBuffer();
          } else if (part.type === 'file') await part.toBuffer();
        }
      } catch (error) {
        if (error instanceof AppError) throw error;
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
          throw noLogo(
            `The file is larger than the limit of ${MAX_LOGO_UPLOAD_BYTES / 1024 / 1024} MB.`,
          );
        }
        throw noLogo('The upload could not be read; send one image in the field "logo".');
      }
      if (!bytes) throw noLogo('Send the image in the field "logo".');
      const { slot } = request.params;
      const data = await identity.uploadLogo(staffOf(request), auditActorOf(request), slot, bytes);
      void reply.header('etag', etagOf(data.version));
      return {
        status: 200,
        message: `The ${LOGO_SLOT_LABELS[slot].toLowerCase()} is saved.`,
        data,
      };
    },
  );

  app.patch(
    '/api/admin/stores/:id/contact',
    { schema: { params: ZIdParams, body: ZStoreContactPatch }, onRequest },
    async (request, reply) => {
      const version = versionOfSave(request, request.body.version);
      const args = [staffOf(request), auditActorOf(request), request.params.id] as const;
      const data = await identity.patchStoreContact(...args, request.body, version);
      void reply.header('etag', etagOf(data.version));
      return { status: 200, message: `${data.store_name}'s address and phone are saved.`, data };
    },
  );
};
