import { get } from 'node:http';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
// By its path: the config's bundle leaves a package's imports to Node, which cannot load .ts.
import { tenancyAssetPath } from '../../packages/contract/src/constants.ts';

// In development the API runs on its own port (npm run dev); the built app is served by it.
// The proxy keeps the browser's Host (changeOrigin: false; Vite's string shorthand would turn it
// on), so book.localhost:3000 and every other shop's host reach the API as themselves.
const api = { target: `http://localhost:${process.env.API_PORT ?? '3001'}`, changeOrigin: false };

/**
 * Development only. The server's page names the shop's icon (`<link rel="icon">`,
 * modules/tenants/tenant-page.ts); the page Vite serves cannot (it does not know the shop), so
 * the browser asks for /favicon.ico before the app sets the icon, and got a 404. This answers it
 * with the shop's own icon: the configuration of the shop at the browser's Host, asked of the API,
 * names it, and the browser is sent on to it (under /tenancy, proxied to the API as above).
 */
const shopIcon: Plugin = {
  name: 'servery-shop-icon',
  apply: 'serve',
  configureServer(server) {
    server.middlewares.use('/favicon.ico', (request, response, next) => {
      const headers = { host: request.headers.host ?? 'localhost' };
      get(`${api.target}/api/loadconfig`, { headers }, (answer) => {
        let body = '';
        answer.setEncoding('utf8');
        answer.on('data', (chunk: string) => (body += chunk));
        answer.on('end', () => {
          const favicon = answer.statusCode === 200 ? iconOf(body) : undefined;
          if (!favicon) return next();
          response.writeHead(302, { location: tenancyAssetPath(favicon) }).end();
        });
      }).on('error', () => next());
    });
  },
};
const iconOf = (body: string): string | undefined => {
  try {
    const favicon = (JSON.parse(body) as { data?: { favicon?: unknown } }).data?.favicon;
    return typeof favicon === 'string' && favicon ? favicon : undefined;
  } catch {
    return undefined;
  }
};

// The libraries every page needs (React, the router, Redux and RTK Query, the basket's
// persistence) as one chunk: split by the bundler into many small shared chunks they cost every
// page more requests and about 1 KB more gzip (issue 19's budget of 130 KB a page).
const EVERY_PAGE =
  /node_modules\/(react|react-dom|scheduler|react-router|react-redux|redux|redux-thunk|reselect|immer|@reduxjs\/toolkit|use-sync-external-store|@standard-schema\/utils|redux-persist)\//;

// The entry's own small modules that its lazy chunks import too, as one chunk: the bundler
// would split them into one file each, and each file is a request before the first screen.
const APP_CORE =
  /(apps\/web\/src\/lib\/(api|session|return-to|toast|server-error|storage-keys)\.ts|packages\/contract\/src\/(constants|phone-format)\.ts)$/;
// Small zod-free modules the order page, the desk and the diary share with other lazy chunks.
const APP_SHARED =
  /(apps\/web\/src\/(lib\/(money|dishes-and-orders-api|shop-time|first-draw)\.ts|components\/ui\/(problem|line-summary|dialog|confirm-dialog|input|field-error)\.tsx|admin\/(move-panels\.tsx|admin-api\.ts))|packages\/contract\/src\/(desk-moves|settlement|clock|cart|allergens|staff-roles)\.ts)$/;

export default defineConfig({
  plugins: [react(), tailwindcss(), shopIcon],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    assetsInlineLimit: 0,
    // dist/.vite/manifest.json: the server reads it to preload a first visit's cookie question
    // (docs/decisions/0026).
    manifest: true,
    // Every browser the shop supports preloads modules itself: no polyfill in every page.
    modulePreload: { polyfill: false },
    rollupOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'vendor', test: EVERY_PAGE, priority: 3 },
            { name: 'app-core', test: APP_CORE, priority: 2 },
            {
              name: 'app-shared',
              test: APP_SHARED,
              priority: 1,
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
  server: {
    port: Number(process.env.PORT ?? 3000),
    proxy: { '/api': api, '/tenancy': api },
    // Shops' development hosts: *.localhost and the reserved .test names (demo.servery.test).
    // Vite refuses other Host headers (DNS rebinding); add one for a session with
    // __VITE_ADDITIONAL_SERVER_ALLOWED_HOSTS=order.my-shop.co.uk npm run dev.
    allowedHosts: ['.localhost', '.test'],
  },
});
