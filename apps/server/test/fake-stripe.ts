import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fakeStripeCards } from './fake-stripe-cards.ts';

export interface FakeIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  currency: string;
  status: string;
  capture_method: 'automatic' | 'manual';
  /** The connected account it lives on (null: the platform's own), and the platform's fee. */
  account: string | null;
  application_fee_amount: number | null;
  client_secret: string;
  metadata: Record<string, string>;
  last_payment_error: { message: string } | null;
  /** Saved cards (fake-stripe-cards.ts): the customer, whether to keep the card, the card. */
  customer: string | null;
  setup_future_usage: string | null;
  payment_method: string | null;
}

export interface FakeStripeRequest {
  method: string;
  url: string;
  idempotencyKey?: string;
  /** The Stripe-Account header: the connected account the call acts on (Stripe Connect). */
  account?: string;
  form: URLSearchParams;
}

export interface FakeRefund {
  id: string;
  payment_intent: string;
  amount: number;
  idempotencyKey: string | undefined;
  metadata: Record<string, string>;
}

/** A refund as Stripe answers it (and as its webhook events carry it). */
export function refundJson(refund: FakeRefund) {
  return {
    id: refund.id,
    object: 'refund' as const,
    status: 'succeeded',
    amount: refund.amount,
    currency: 'gbp',
    created: Math.floor(Date.now() / 1000),
    payment_intent: refund.payment_intent,
    metadata: refund.metadata,
  };
}

/** The `metadata[name]` fields of a form-encoded request. */
function metadataOf(form: URLSearchParams) {
  const metadata: Record<string, string> = {};
  for (const [name, value] of form) {
    const field = /^metadata\[(\w+)\]$/.exec(name)?.[1];
    if (field) metadata[field] = value;
  }
  return metadata;
}

/** Capture takes a held payment; cancel lifts a hold (Stripe refuses both in other states). */
function intentStep(intent: FakeIntent, step: 'capture' | 'cancel') {
  const refuse = (message: string) => ({
    status: 400,
    json: {
      error: { type: 'invalid_request_error', code: 'payment_intent_unexpected_state', message },
    },
  });
  if (step === 'capture') {
    if (intent.status !== 'requires_capture') {
      return refuse(
        `This PaymentIntent could not be captured because it has a status of ${intent.status}.`,
      );
    }
    intent.status = 'succeeded';
    return { status: 200, json: intent };
  }
  const cancellable = [
    'requires_payment_method',
    'requires_capture',
    'requires_confirmation',
    'requires_action',
  ];
  if (!cancellable.includes(intent.status)) {
    return refuse(
      `You cannot cancel this PaymentIntent because it has a status of ${intent.status}.`,
    );
  }
  intent.status = 'canceled';
  return { status: 200, json: intent };
}

/**
 * Stripe's API at its wire, as a local HTTP server (the outside world is the only thing faked):
 * the official SDK talks to it through its host, port and protocol options. It keeps
 * PaymentIntents (captured at once or held for a capture), captures, cancels and refunds them,
 * honours Idempotency-Key and refuses any other secret key; a test moves an
 * intent to the state a real card would leave it in. Used by the integration and e2e suites.
 */
export async function startFakeStripe(secretKey: string) {
  const intents = new Map<string, FakeIntent>();
  const byIdempotencyKey = new Map<string, string>();
  const requests: FakeStripeRequest[] = [];
  const cards = fakeStripeCards(intents);
  const refunds: FakeRefund[] = [];
  /**
   * What a capture, a cancel or a refund answered, by idempotency key: as at Stripe, the same key
   * gets the first answer again, a refusal included.
   */
  const answered = new Map<string, { status: number; json: object }>();
  /**
   * A refund of a charged intent: the whole of what is left, or `amount` of it. Stripe refuses an
   * uncharged intent, a refund past what is left, and any refund of a wholly refunded charge.
   */
  const refund = (
    intent: FakeIntent | undefined,
    key: string | undefined,
    asked: string | null,
    metadata: Record<string, string> = {},
  ) => {
    const refuse = (code: string, message: string) => ({
      status: 400,
      json: { error: { type: 'invalid_request_error', code, message } },
    });
    if (!intent || intent.status !== 'succeeded') {
      return refuse('payment_intent_unexpected_state', 'This PaymentIntent has not succeeded.');
    }
    const given = refunds
      .filter((r) => r.payment_intent === intent.id)
      .reduce((sum, r) => sum + r.amount, 0);
    if (given >= intent.amount) {
      return refuse('charge_already_refunded', 'This charge has already been refunded.');
    }
    const amount = asked === null ? intent.amount - given : Number(asked);
    if (!Number.isInteger(amount) || amount <= 0 || given + amount > intent.amount) {
      return refuse(
        'amount_too_large',
        `Refund amount (${amount}) is greater than unrefunded amount on charge (${intent.amount - given}).`,
      );
    }
    const made: FakeRefund = {
      id: `re_${refunds.length + 1}`,
      payment_intent: intent.id,
      amount,
      idempotencyKey: key,
      metadata,
    };
    refunds.push(made);
    return { status: 200, json: refundJson(made) };
  };
  const server = createServer(async (req, res) => {
    let body = '';
    for await (const chunk of req) body += chunk;
    const form = new URLSearchParams(body);
    const key = req.headers['idempotency-key'] as string | undefined;
    const account = req.headers['stripe-account'] as string | undefined;
    requests.push({ method: req.method!, url: req.url!, idempotencyKey: key, form, account });
    /**
     * An intent as this call may see it: one made on a connected account is found only with
     * that account's Stripe-Account header, as at Stripe (otherwise: no such payment_intent).
     */
    const visible = (id: string | undefined) => {
      const intent = id ? intents.get(id) : undefined;
      return intent && intent.account === (account ?? null) ? intent : undefined;
    };
    const noSuchIntent = (id: string) =>
      send(404, {
        error: {
          type: 'invalid_request_error',
          code: 'resource_missing',
          message: `No such payment_intent: '${id}'`,
        },
      });
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
      const metadata = metadataOf(form);
      const intent: FakeIntent = {
        id,
        object: 'payment_intent',
        amount: Number(form.get('amount')),
        currency: form.get('currency')!,
        status: 'requires_payment_method',
        capture_method: form.get('capture_method') === 'manual' ? 'manual' : 'automatic',
        account: account ?? null,
        application_fee_amount: form.has('application_fee_amount')
          ? Number(form.get('application_fee_amount'))
          : null,
        client_secret: `${id}_secret_abc`,
        metadata,
        last_payment_error: null,
        customer: form.get('customer'),
        setup_future_usage: form.get('setup_future_usage'),
        payment_method: null,
      };
      intents.set(id, intent);
      if (key) byIdempotencyKey.set(key, id);
      return send(200, intent);
    }
    if (req.method === 'POST' && req.url === '/v1/refunds') {
      const known = key && answered.get(`refund:${key}`);
      if (known) return send(known.status, known.json);
      const answer = refund(
        visible(form.get('payment_intent') ?? ''),
        key,
        form.get('amount'),
        metadataOf(form),
      );
      if (key) answered.set(`refund:${key}`, answer);
      return send(answer.status, answer.json);
    }
    const step = /^\/v1\/payment_intents\/(pi_[a-z0-9]+)\/(capture|cancel)$/.exec(req.url!);
    if (req.method === 'POST' && step && intents.has(step[1]!)) {
      if (!visible(step[1])) return noSuchIntent(step[1]!);
      const known = key && answered.get(`${step[2]}:${key}`);
      if (known) return send(known.status, known.json);
      const answer = intentStep(intents.get(step[1]!)!, step[2] as 'capture' | 'cancel');
      if (key) answered.set(`${step[2]}:${key}`, answer);
      return send(answer.status, answer.json);
    }
    const [path, query] = req.url!.split('?') as [string, string | undefined];
    const match = /^\/v1\/payment_intents\/(pi_\w+)$/.exec(path);
    if (req.method === 'GET' && match && intents.has(match[1]!)) {
      const intent = visible(match[1]);
      if (!intent) return noSuchIntent(match[1]!);
      return send(200, cards.expanded(intent, new URLSearchParams(query)));
    }
    const call = { method: req.method!, path, form, account: account ?? null };
    const answer = cards.handle(call, key, (id) => visible(id));
    if (answer) return send(answer.status, answer.json);
    return send(404, { error: { type: 'invalid_request_error', message: 'No such route' } });
  }).listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    /** Every call the SDK made, in order. */
    requests,
    /** Refunds made, in order (the SDK may retry one with the same idempotency key). */
    refunds,
    /**
     * A refund made in the Stripe dashboard (no metadata of ours), as Stripe's own refund object;
     * a test then sends its `refund.created` or `charge.refunded` event (fake-stripe-events.ts).
     */
    dashboardRefund(intentId: string, amount?: number) {
      const intent = intents.get(intentId);
      const answer = refund(intent, undefined, amount === undefined ? null : String(amount));
      if (answer.status !== 200) throw new Error(JSON.stringify(answer.json));
      return answer.json as ReturnType<typeof refundJson>;
    },
    /** The intent made for an order (a test may change its status as a card would). */
    intentOf: (orderId: string) =>
      [...intents.values()].find((intent) => intent.metadata.order_id === orderId),
    /** Customers and saved cards; `payWith` pays an intent as Stripe.js would in the browser. */
    cards,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>;
