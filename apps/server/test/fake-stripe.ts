import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  currency: string;
  status: string;
  client_secret: string;
  metadata: Record<string, string>;
  last_payment_error: { message: string } | null;
}

export interface FakeStripeRequest {
  method: string;
  url: string;
  idempotencyKey?: string;
  form: URLSearchParams;
}

/**
 * Stripe's API at its wire, as a local HTTP server (the outside world is the only thing faked):
 * the official SDK talks to it through its host, port and protocol options. It keeps
 * PaymentIntents, honours Idempotency-Key and refuses any other secret key; a test moves an
 * intent to the state a real card would leave it in. Used by the integration and e2e suites.
 */
export async function startFakeStripe(secretKey: string) {
  const intents = new Map<string, FakeIntent>();
  const byIdempotencyKey = new Map<string, string>();
  const requests: FakeStripeRequest[] = [];
  const refunds: { payment_intent: string; amount: number; idempotencyKey: string | undefined }[] =
    [];
  const server = createServer(async (req, res) => {
    let body = '';
    for await (const chunk of req) body += chunk;
    const form = new URLSearchParams(body);
    const key = req.headers['idempotency-key'] as string | undefined;
    requests.push({ method: req.method!, url: req.url!, idempotencyKey: key, form });
    const send = (status: number, json: object) => {
      res.writeHead(status, { 'content-type': 'application/json', 'request-id': 'req_test' });
      res.end(JSON.stringify(json));
    };
    if (req.headers.authorization !== `Bearer ${secretKey}`) {
      return send(401, {
        error: { type: 'invalid_request_error', message: 'Invalid API Key provided' },
      });
    }
    if (req.method === 'POST' && req.url === '/v1/payment_intents') {
      const known = key && byIdempotencyKey.get(key);
      if (known) return send(200, intents.get(known)!);
      const id = `pi_${intents.size + 1}${'x'.repeat(20)}`;
      const metadata: Record<string, string> = {};
      for (const [name, value] of form) {
        const field = /^metadata\[(\w+)\]$/.exec(name)?.[1];
        if (field) metadata[field] = value;
      }
      const intent: FakeIntent = {
        id,
        object: 'payment_intent',
        amount: Number(form.get('amount')),
        currency: form.get('currency')!,
        status: 'requires_payment_method',
        client_secret: `${id}_secret_abc`,
        metadata,
        last_payment_error: null,
      };
      intents.set(id, intent);
      if (key) byIdempotencyKey.set(key, id);
      return send(200, intent);
    }
    if (req.method === 'POST' && req.url === '/v1/refunds') {
      const intent = intents.get(form.get('payment_intent') ?? '');
      if (!intent || intent.status !== 'succeeded') {
        return send(400, {
          error: {
            type: 'invalid_request_error',
            message: 'This PaymentIntent has not succeeded.',
          },
        });
      }
      refunds.push({ payment_intent: intent.id, amount: intent.amount, idempotencyKey: key });
      return send(200, {
        id: `re_${refunds.length}`,
        object: 'refund',
        status: 'succeeded',
        amount: intent.amount,
        payment_intent: intent.id,
      });
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
    /** Every call the SDK made, in order. */
    requests,
    /** Refunds made, in order (the SDK may retry one with the same idempotency key). */
    refunds,
    /** The intent made for an order (a test may change its status as a card would). */
    intentOf: (orderId: string) =>
      [...intents.values()].find((intent) => intent.metadata.order_id === orderId),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
