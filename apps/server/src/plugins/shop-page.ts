import type { FastifyInstance, FastifyRequest } from 'fastify';
import { STORES_ELEMENT_ID } from '@servery/contract/constants';
import { isStorefrontPath } from '@servery/contract/page-paths';
import type { Executor } from '../db/client.ts';
import { cachedTenant } from '../modules/tenants/cached-tenant.ts';
import { storeSummaryOf } from '../modules/stores/stores.service.ts';
import { jsonForHtml, renderShopPage } from '../modules/tenants/tenant-page.ts';
import { loadTenant } from '../modules/tenants/tenants.repository.ts';
import { shopConfigOf } from '../modules/tenants/tenants.service.ts';

/**
 * The page the server answers for a shop's path (docs/decisions/0008 and 0025): index.html
 * dressed for the shop (cached per shop and site variant), plus, per request, the answer of
 * GET /api/store as a JSON data block, which the web app takes into its cache before the first
 * render instead of asking.
 */
export function shopPageRenderer(options: {
  app: FastifyInstance;
  db: Executor;
  textsAvailable: boolean;
  now: () => Date;
}) {
  const { app, db, now } = options;
  return async (request: FastifyRequest, indexHtml: string) => {
    const { id, variant } = request.tenant;
    const page = await app.tenantCache.get(id, `page:${variant}`, async () => {
      const tenant = await loadTenant(db, id);
      if (!tenant) return null;
      return {
        html: renderShopPage(indexHtml, shopConfigOf(tenant, variant, options.textsAvailable)),
        brands: tenant.brands.map((b) => b.slug),
      };
    });
    if (!page) return { body: indexHtml, found: isStorefrontPath(request.url, []) };
    const found = isStorefrontPath(request.url, page.brands);
    // The staff application fetches no store list; a missing page gets none either.
    if (!found || request.url.startsWith('/admin')) return { body: page.html, found };
    const tenant = await cachedTenant(app, db, id);
    const at = now();
    const stores = tenant.stores.map((store) => storeSummaryOf(tenant, store, at));
    const head = `<script type="application/json" id="${STORES_ELEMENT_ID}">${jsonForHtml(stores)}</script>`;
    return { body: page.html.replace('</head>', () => `${head}</head>`), found };
  };
}
