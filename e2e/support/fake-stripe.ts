import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

interface Intent {
  id: string;
  object: 'payment_intent';
  amount: number;
  currency: string;
  status: string;
  client_secret: string;
  metadata: Record<string, string>;
  last_payment_error: { message: string } | null;
}

export const FAKE_STRIPE_KEYS = {
  STRIPE_SECRET_KEY: 'sk_test_servery_e2e',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_servery_e2e',
  STRIPE_WEBHOOK_SECRET: 'whsec_servery_e2e',
};

/**
 * Stripe's API at its wire, as a local server (the outside world is the only thing faked): the
 * server's Stripe SDK creates and reads PaymentIntents here; a test moves an intent to the
 * state a real card would leave it in.
 */
export async function startFakeStripe() {
  const intents = new Map<string, Intent>();
  const byKey = new Map<string, string>();
  const server = createServer(async (req, res) => {
    let body = '';
    for await (const chunk of req) body += chunk;
    const form = new URLSearchParams(body);
    const send = (status: number, json: object) => {
      res.writeHead(status, { 'content-type': 'application/json', 'request-id': 'req_e2e' });
      res.end(JSON.stringify(json));
    };
    if (req.headers.authorization !== `Bearer ${FAKE_STRIPE_KEYS.STRIPE_SECRET_KEY}`) {
      return send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key' } });
    }
    if (req.method === 'POST' && req.url === '/v1/payment_intents') {
      const key = req.headers['idempotency-key'] as string | undefined;
      const known = key && byKey.get(key);
      if (known) return send(200, intents.get(known)!);
      const id = `pi_e2e${intents.size + 1}${'x'.repeat(16)}`;
      const intent: Intent = {
        id,
        object: 'payment_intent',
        amount: Number(form.get('amount')),
        currency: form.get('currency')!,
        status: 'requires_payment_method',
        client_secret: `${id}_secret_e2e`,
        metadata: { order_id: form.get('metadata[order_id]')! },
        last_payment_error: null,
      };
      intents.set(id, intent);
      if (key) byKey.set(key, id);
      return send(200, intent);
    }
    const match = /^\/v1\/payment_intents\/(pi_\w+)$/.exec(req.url!);
    if (req.method === 'GET' && match && intents.has(match[1]!)) {
      return send(200, intents.get(match[1]!)!);
    }
    return send(404, { error: { type: 'invalid_request_error', message: 'No such route' } });
  }).listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    /** The intent made for an order. */
    intentOf: (orderId: string) =>
      [...intents.values()].find((intent) => intent.metadata.order_id === orderId),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
