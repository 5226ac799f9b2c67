import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Headers every answer carries. The policy allows only this origin: scripts, styles, images
 * and calls. The payment provider's origin joins it when payments arrive.
 */
export function securityHeaders(production: boolean): Record<string, string> {
  return {
    'content-security-policy': [
      "default-src 'self'",
      "script-src 'self'",
      "style-src 'self'",
      "img-src 'self' data:",
      "font-src 'self'",
      "connect-src 'self'",
      "object-src 'none'",
      "base-uri 'self'",
      "form-action 'self'",
      "frame-ancestors 'none'",
    ].join('; '),
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'permissions-policy': 'camera=(), microphone=(), geolocation=(self), payment=(self)',
    ...(production ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
  };
}

export const securityHeadersPlugin = fp(
  async (app: FastifyInstance, options: { production: boolean }) => {
    const headers = securityHeaders(options.production);
    app.addHook('onRequest', (request, reply, done) => {
      reply.headers(headers);
      reply.header('x-request-id', request.id);
      done();
    });
  },
  { name: 'security-headers' },
);
