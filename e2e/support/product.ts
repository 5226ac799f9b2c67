import { afterAll, beforeAll } from 'vitest';
import { launchBrowser } from './browser.ts';
import { startServer } from './server.ts';

interface Product {
  server: Awaited<ReturnType<typeof startServer>>;
  browser: Awaited<ReturnType<typeof launchBrowser>>;
}

/**
 * The built product and a browser for one spec file: started before its tests, stopped after.
 * `prepare` runs first and may choose the environment and extra shops to import.
 */
export function useProduct(
  prepare: () => { env?: Record<string, string>; tenantFiles?: string[] } = () => ({}),
): Product {
  const product = {} as Product;
  beforeAll(async () => {
    const { env = {}, tenantFiles = [] } = prepare();
    product.server = await startServer(env, { tenantFiles });
    product.browser = await launchBrowser();
  });
  afterAll(async () => {
    await product.browser?.close();
    await product.server?.stop();
  });
  return product;
}
