import { z } from 'zod';
import { ZAssetName } from '@servery/contract/config';
import { LEGAL_PAGES } from '@servery/contract/tenant-document';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.ts';
import { notFound } from '../../lib/app-error.ts';
import { cachedJson, sendCachedJson } from '../../lib/cached-json.ts';
import { findAsset, loadTenant } from './tenants.repository.ts';
import { shopConfigOf } from './tenants.service.ts';

/** Served assets may be SVG: in a sandbox with no script, whoever opens them directly. */
const ASSET_POLICY = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

export const tenantsRoutes: FastifyPluginAsyncZod<{
  db: Database;
  textsAvailable: boolean;
}> = async (app, { db, textsAvailable }) => {
  const handleLoadConfig = async (request: FastifyRequest, reply: FastifyReply) => {
    const { id, variant } = request.tenant;
    const name = `config:${variant}`;
    const cached = await app.tenantCache.get(id, name, async () => {
      const tenant = await loadTenant(db, id);
      if (!tenant) throw notFound('This shop no longer exists.');
      return cachedJson({
        status: 200,
        message: 'Configuration loaded',
        data: shopConfigOf(tenant, variant, textsAvailable),
      });
    });
    return sendCachedJson(request, reply, cached, { name });
  };
  // product.md §7 names POST; GET answers the same so that browsers and proxies may revalidate it.
  app.post('/api/loadconfig', handleLoadConfig);
  app.get('/api/loadconfig', handleLoadConfig);

  // The shop's own privacy notice or terms; null tells the page to use its default template.
  app.get(
    '/api/legal/:page',
    { schema: { params: z.object({ page: z.enum(LEGAL_PAGES) }) } },
    async (request, reply) => {
      const { page } = request.params;
      const cached = await app.tenantCache.get(request.tenant.id, `legal:${page}`, async () => {
        const tenant = await loadTenant(db, request.tenant.id);
        if (!tenant) throw notFound('This shop no longer exists.');
        const text = tenant.row.legal?.[page] ?? null;
        return cachedJson({ status: 200, message: 'Legal text loaded', data: { text } });
      });
      return sendCachedJson(request, reply, cached);
    },
  );

  app.get(
    '/tenancy/assets/:file',
    { schema: { params: z.object({ file: ZAssetName }) } },
    async (request, reply) => {
      const { file } = request.params;
      const asset = await app.tenantCache.get(request.tenant.id, `asset:${file}`, () =>
        findAsset(db, request.tenant.id, file),
      );
      if (!asset) throw notFound(`This shop has no file named ${file}.`);
      const etag = `"${asset.sha256}"`;
      reply
        .header('etag', etag)
        .header('cache-control', 'public, max-age=3600, must-revalidate')
        .header('content-security-policy', ASSET_POLICY)
        .header('cross-origin-resource-policy', 'same-site');
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();
      return reply.type(asset.contentType).send(Buffer.from(asset.bytes));
    },
  );
};
