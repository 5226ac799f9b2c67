import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { COOKIE_CONSENT } from '@servery/contract/constants';
import { cookieQuestionPreloads } from './web-manifest.ts';

/** Whether the request carries the visitor's answer to the cookie question. */
const CONSENT_COOKIE = new RegExp(`(?:^|;\\s*)${COOKIE_CONSENT.name}=`);

/**
 * Serves the built web app: hashed files under /assets/ are cached for a year, everything
 * else revalidates. Any other GET that wants a page gets index.html (the SPA's router decides);
 * unknown /api/ paths get a JSON 404, never the page.
 */
export const webAppPlugin = fp(
  async (
    app: FastifyInstance,
    options: {
      distDir: string;
      /**
       * Dresses index.html for the request's shop and says whether the path is one of its
       * pages (else 404, still with the page, whose router shows "Page not found").
       */
      renderPage?: (
        request: FastifyRequest,
        indexHtml: string,
      ) => Promise<{ body: string; found: boolean }>;
    },
  ) => {
    const indexFile = join(options.distDir, 'index.html');
    const indexHtml = existsSync(indexFile)
      ? readFileSync(indexFile, 'utf8')
      : '<!doctype html><html lang="en"><meta charset="utf-8"><title>Servery</title>' +
        '<main><h1>The web app is not built</h1><p>Run <code>npm run build</code>, ' +
        'or use <code>npm start</code>, which builds it.</p></main></html>';
    // A first visit to the shop is asked about cookies at once: its page preloads the question's
    // code (the staff application asks nothing).
    const firstVisitHead = cookieQuestionPreloads(options.distDir);

    if (existsSync(options.distDir)) {
      await app.register(fastifyStatic, {
        root: options.distDir,
        wildcard: false,
        index: false,
        // The build writes .br and .gz beside each file; the one the browser accepts is sent.
        preCompressed: true,
        cacheControl: false,
        setHeaders(reply, path) {
          reply.header(
            'cache-control',
            path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
          );
        },
      });
    }

    app.setNotFoundHandler(async (request, reply) => {
      const path = request.url.split('?')[0]!;
      const wantsPage =
        (request.method === 'GET' || request.method === 'HEAD') &&
        !path.startsWith('/api/') &&
        !path.startsWith('/assets/') &&
        !path.startsWith('/tenancy/');
      if (wantsPage) {
        const page = options.renderPage
          ? await options.renderPage(request, indexHtml)
          : { body: indexHtml, found: true };
        const asked =
          !path.startsWith('/admin') && !CONSENT_COOKIE.test(request.headers.cookie ?? '');
        if (firstVisitHead && asked) {
          page.body = page.body.replace('</head>', () => `${firstVisitHead}</head>`);
        }
        return reply
          .code(page.found ? 200 : 404)
          .header('cache-control', 'no-cache')
          .type('text/html; charset=utf-8')
          .send(page.body);
      }
      return reply.code(404).send({
        status: 404,
        message: `There is nothing at ${request.method} ${path}.`,
        data: null,
      });
    });
  },
  { name: 'web-app', dependencies: ['error-handler'] },
);
