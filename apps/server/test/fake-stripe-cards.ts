import type { FakeIntent } from './fake-stripe.ts';

/** A card kept at the fake Stripe: a PaymentMethod, attached to a customer or not. */
export interface FakeCard {
  id: string;
  object: 'payment_method';
  type: 'card';
  customer: string | null;
  account: string | null;
  card: { brand: string; last4: string; exp_month: number; exp_year: number; fingerprint: string };
}

type Answer = { status: number; json: object };
const refuse = (status: number, message: string, extra: object = {}): Answer => ({
  status,
  json: { error: { type: 'invalid_request_error', message, ...extra } },
});

/** Card numbers as Stripe's test cards behave, by their last four digits. */
const DECLINED = '0002';
const ASKS_TO_AUTHENTICATE = '3184';

/**
 * Stripe's customers, PaymentMethods and the saved-card steps of a PaymentIntent (update,
 * confirm, the payment method expanded), for the fake at the wire (fake-stripe.ts). Each object
 * lives on the account it was made on, as at Stripe.
 */
export function fakeStripeCards(intents: Map<string, FakeIntent>) {
  const customers = new Map<string, { id: string; account: string | null }>();
  const methods = new Map<string, FakeCard>();
  const byKey = new Map<string, string>();

  /** Moves the intent as a card would: held or charged, declined, or asking for 3-D Secure. */
  const charge = (intent: FakeIntent, method: FakeCard): Answer => {
    intent.payment_method = method.id;
    if (method.card.last4 === DECLINED) {
      intent.status = 'requires_payment_method';
      intent.last_payment_error = { message: 'Your card was declined.' };
      const error = { type: 'card_error', code: 'card_declined', payment_intent: intent };
      return refuse(402, 'Your card was declined.', error);
    }
    intent.last_payment_error = null;
    if (method.card.last4 === ASKS_TO_AUTHENTICATE) intent.status = 'requires_action';
    else intent.status = intent.capture_method === 'manual' ? 'requires_capture' : 'succeeded';
    if (intent.setup_future_usage && intent.customer) method.customer = intent.customer;
    return { status: 200, json: intent };
  };

  /** The intent with its payment method expanded, when asked (`expand[]=payment_method`). */
  const expanded = (intent: FakeIntent, asked: URLSearchParams) =>
    [...asked.values()].includes('payment_method') && intent.payment_method
      ? { ...intent, payment_method: methods.get(intent.payment_method) ?? intent.payment_method }
      : intent;

  /** One call, or null when it is not a card call. */
  function handle(
    call: { method: string; path: string; form: URLSearchParams; account: string | null },
    key: string | undefined,
    visible: (id: string) => FakeIntent | undefined,
  ): Answer | null {
    const { method, path, form, account } = call;
    if (method === 'POST' && path === '/v1/customers') {
      const known = key && byKey.get(key);
      if (known) return { status: 200, json: { ...customers.get(known)!, object: 'customer' } };
      const customer = { id: `cus_${customers.size + 1}`, account };
      customers.set(customer.id, customer);
      if (key) byKey.set(key, customer.id);
      return { status: 200, json: { ...customer, object: 'customer' } };
    }
    const detach = /^\/v1\/payment_methods\/(\w+)\/detach$/.exec(path);
    if (method === 'POST' && detach) {
      const card = methods.get(detach[1]!);
      if (!card || card.account !== account) {
        return refuse(404, `No such PaymentMethod: '${detach[1]}'`, { code: 'resource_missing' });
      }
      if (!card.customer) return refuse(400, 'The payment method is not attached to a customer.');
      card.customer = null;
      return { status: 200, json: card };
    }
    const step = /^\/v1\/payment_intents\/(pi_\w+?)(\/confirm)?$/.exec(path);
    if (method !== 'POST' || !step || !intents.has(step[1]!)) return null;
    const intent = visible(step[1]!);
    if (!intent) return refuse(404, `No such payment_intent: '${step[1]}'`);
    if (!step[2]) {
      if (form.has('customer')) intent.customer = form.get('customer');
      if (form.has('setup_future_usage'))
        intent.setup_future_usage = form.get('setup_future_usage') || null;
      if (form.has('payment_method')) intent.payment_method = form.get('payment_method');
      return { status: 200, json: intent };
    }
    const card = intent.payment_method ? methods.get(intent.payment_method) : undefined;
    if (!card || card.account !== account) return refuse(400, 'No such PaymentMethod.');
    if (card.customer !== intent.customer) {
      return refuse(400, 'The provided PaymentMethod belongs to another customer.');
    }
    if (!form.get('return_url')) return refuse(400, 'You must provide a `return_url`.');
    const answer = charge(intent, card);
    return answer.status === 200 ? { status: 200, json: expanded(intent, form) } : answer;
  }

  return {
    handle,
    expanded,
    customers,
    methods,
    /**
     * What Stripe.js does in the browser when the customer types a card and taps Pay: a new
     * PaymentMethod confirms the intent (kept for the intent's customer if it asks to be).
     */
    payWith(intent: FakeIntent, last4 = '4242', fingerprint = `fp_${last4}`) {
      const card: FakeCard = {
        id: `pm_${methods.size + 1}`,
        object: 'payment_method',
        type: 'card',
        customer: null,
        account: intent.account,
        card: { brand: 'visa', last4, exp_month: 12, exp_year: 2034, fingerprint },
      };
      methods.set(card.id, card);
      return { card, answer: charge(intent, card) };
    },
  };
}
