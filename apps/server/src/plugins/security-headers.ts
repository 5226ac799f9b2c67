import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Headers every answer carries. The policy allows only this origin: scripts, styles, images
 * and calls. With Stripe on, its origins join (Stripe.js, its payment element's frames and API),
 * as Stripe documents for a strict policy.
 */
export function securityHeaders(production: boolean, stripe = false): Record<string, string> {
  const stripeScripts = stripe ? ' https://js.stripe.com' : '';
  return {
    'content-security-policy': [
      "default-src 'self'",
      `script-src 'self'${stripeScripts}`,
      "style-src 'self'",
      "img-src 'self' data:",
      "font-src 'self'",
      `connect-src 'self'${stripe ? ' https://api.stripe.com' : ''}`,
      ...(stripe ? ['frame-src https://js.stripe.com https://hooks.stripe.com'] : []),
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

/**
 * Answers that carry personal data (a customer's profile, addresses, orders, payments, sign-in
 * answer, a booking's details, and everything of the staff application): no browser, proxy or
 * CDN may keep a copy (issue 12). One list, so a new route is one line here.
 */
const PERSONAL =
  /^\/api\/(?:customer|customer-addresses|orders?|payments|verify-otp|available-timings|promos\/check|booking|admin)(?:[/?]|$)/;

export const securityHeadersPlugin = fp(
  async (app: FastifyInstance, options: { production: boolean; stripe?: boolean }) => {
    const headers = securityHeaders(options.production, options.stripe);
    app.addHook('onRequest', (request, reply, done) => {
      reply.headers(headers);
      reply.header('x-request-id', request.id);
      if (PERSONAL.test(request.url)) reply.header('cache-control', 'no-store');
      done();
    });
  },
  { name: 'security-headers' },
);
