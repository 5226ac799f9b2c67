import { afterAll, beforeAll } from 'vitest';
import { importTestTenant, makeTenantDocument } from './factories.ts';
import { createTestApp } from './test-app.ts';

/**
 * A test file's app with two shops of its own: A, the default shop, and B, named "Second Shop",
 * in another colour and closed. `ctx` is there once the file's tests run.
 */
export function useTwoShops() {
  let ctx: Awaited<ReturnType<typeof createTestApp>> | undefined;
  const shopA = makeTenantDocument();
  const shopB = makeTenantDocument({
    websiteName: 'Second Shop',
    config: { ...makeTenantDocument().config, colorPalatte: '#654321', IsShopClosed: 1 },
  });
  beforeAll(async () => {
    ctx = await createTestApp({ defaultTenant: shopA.slug });
    await importTestTenant(ctx.db, shopA);
    await importTestTenant(ctx.db, shopB);
  });
  afterAll(() => ctx?.close());
  return {
    shopA,
    shopB,
    get ctx() {
      return ctx!;
    },
    /** A shop's host: its ordering site (0) or its booking site (1). */
    hostOf: (doc: typeof shopA, variant = 0) => doc.hosts[variant]!.host,
    loadConfig: (host: string, method: 'GET' | 'POST' = 'POST') =>
      ctx!.app.inject({ method, url: '/api/loadconfig', headers: { host } }),
  };
}
