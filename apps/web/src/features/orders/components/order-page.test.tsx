import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UserData } from '@servery/contract/auth';
import type { Order, PaymentStatus } from '@servery/contract/order';
import { createTestStore, stubApiWire, type Wire } from '../../../lib/testing/api-wire.ts';
import { signIn, signOut } from '../../../lib/session.ts';
import { OrderPage } from './order-page.tsx';

/** A cancelled card order of Ada's, its payment as `payment` says. */
const order = (status: Order['status'], payment: PaymentStatus) =>
  ({
    id: 'o1',
    number: 1042,
    status,
    store: { id: 'st1', name: 'Camden', phone: '020 7946 0000' },
    order_type: 'collection',
    address: null,
    asap: true,
    scheduled_for: '2026-11-24T12:30:00.000Z',
    lines: [],
    subtotal: 1895,
    delivery_fee: 0,
    discount: 0,
    total: 1895,
    vat: 316,
    currency: 'GBP',
    promo_code: null,
    notes: '',
    payment: {
      method: 'card',
      provider: 'stripe',
      status: payment,
      client_secret: null,
      publishable_key: null,
      stripe_account: null,
    },
    status_history: [
      { status: 'pending_payment', at: '2026-11-24T11:59:00.000Z' },
      { status: 'placed', at: '2026-11-24T12:00:00.000Z' },
      { status: 'accepted', at: '2026-11-24T12:05:00.000Z' },
      ...(status === 'cancelled' ? [{ status, at: '2026-11-24T12:10:00.000Z' }] : []),
    ],
    promised_at: '2026-11-24T12:25:00.000Z',
    created_at: '2026-11-24T11:59:00.000Z',
    shop_reason: null,
    vat_invoice: null,
  }) as Order;
const answer = (data: Order) => ({ status: 200, body: { status: 200, message: 'OK', data } });

let wire: Wire;
/** The order's live stream as the server writes it (GET /api/orders/o1/events). */
let stream: ReadableStreamDefaultController<Uint8Array> | undefined;
const send = (frame: string) => stream!.enqueue(new TextEncoder().encode(frame));

beforeEach(() => {
  wire = stubApiWire();
  const answerJson = globalThis.fetch;
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
    if (typeof input === 'string' && input.endsWith('/events')) {
      const body = new ReadableStream<Uint8Array>({
        start: (controller) => {
          stream = controller;
        },
      });
      return Promise.resolve(
        new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } }),
      );
    }
    return answerJson(input, init);
  });
  signIn({
    token: 'ada-token',
    expires_at: '2099-01-01T00:00:00.000Z',
    customer: { first_name: 'Ada' },
  } as UserData);
});
afterEach(() => {
  cleanup();
  signOut();
  stream = undefined;
  vi.unstubAllGlobals();
});

/** The page, arrived at as checkout sends the customer there (`state`) or from a link. */
function renderPage(
  state?: { placed?: boolean; paid?: boolean },
  kitchenOpens: (storeId: string) => string | null = () => null,
) {
  render(
    <Provider store={createTestStore()}>
      <MemoryRouter initialEntries={[{ pathname: '/orders/o1', state }]}>
        <Routes>
          <Route
            path="/orders/:orderId"
            element={
              <OrderPage
                cart={{ storeId: null, storeName: null, add: () => {} }}
                kitchenOpens={kitchenOpens}
              />
            }
          />
        </Routes>
      </MemoryRouter>
    </Provider>,
  );
}

describe("the order page follows the order's money", () => {
  it('shows the refund once it is made, without a reload, though the order is cancelled', async () => {
    wire.answers['/api/orders/o1'] = answer(order('cancelled', 'refund_pending'));
    renderPage();
    expect((await screen.findByTestId('order-payment')).textContent).toBe(
      'Card · Refund on its way',
    );
    await vi.waitFor(() => expect(stream).toBeDefined());
    send('id: 7\nevent: ready\ndata: {}\n\n');

    // The desk's settlement refunds the card: the server sends the order's payment news.
    wire.answers['/api/orders/o1'] = answer(order('cancelled', 'refunded'));
    send('id: 8\nevent: order.payment\ndata: {"id":8,"kind":"order.payment","order_id":"o1"}\n\n');
    await waitFor(() =>
      expect(screen.getByTestId('order-payment').textContent).toBe('Card · Refunded in full'),
    );
  });

  it('does not follow an order whose money has settled', async () => {
    wire.answers['/api/orders/o1'] = answer(order('cancelled', 'refunded'));
    renderPage();
    expect((await screen.findByTestId('order-payment')).textContent).toBe(
      'Card · Refunded in full',
    );
    expect(stream).toBeUndefined();
  });
});

describe('the thanks say what the money has done, and when the kitchen answers', () => {
  const placed = (payment: PaymentStatus, method: 'card' | 'cash' = 'card') => {
    const o = order('placed', payment);
    return answer({ ...o, payment: { ...o.payment, method }, promised_at: null });
  };
  const thanks = async () => (await screen.findByTestId('order-thanks')).textContent;

  it('a card only held: placed, not paid, charged when the shop accepts', async () => {
    wire.answers['/api/orders/o1'] = placed('authorised');
    renderPage({ paid: true });
    expect(await thanks()).toBe(
      'Thank you! Your order is placed.' +
        'Your card is held: you are charged only when the shop accepts your order.' +
        'Camden has received it. We will tell you as soon as the kitchen accepts it.',
    );
    expect(screen.queryByText(/payment is received/)).toBeNull();
  });

  it('a card charged at once (an order days ahead): the payment is received', async () => {
    wire.answers['/api/orders/o1'] = placed('succeeded');
    renderPage({ paid: true });
    expect(await thanks()).toContain(
      'Thank you! Your payment is received and your order is placed.',
    );
    expect(screen.queryByTestId('order-thanks-money')).toBeNull();
  });

  it('cash: nothing paid yet, and a closed kitchen answers once it opens', async () => {
    wire.answers['/api/orders/o1'] = placed('pay_on_collection', 'cash');
    renderPage({ placed: true }, (storeId) => (storeId === 'st1' ? 'Opens at 11:30 AM' : null));
    expect(await thanks()).toMatch(
      /^Thank you! Your order is placed\.Nothing is paid yet: you pay £18\.95 in cash on collection\.Camden has received it\. The kitchen opens at 11:30 AM: we will tell you when it accepts your order\.$/,
    );
  });
});

describe('an order the shop declines while its page is open', () => {
  it('drops the thanks and the expected time, and says why and what it cost', async () => {
    wire.answers['/api/orders/o1'] = answer({
      ...order('placed', 'pay_on_collection'),
      payment: { ...order('placed', 'pay_on_collection').payment, method: 'cash' },
      promised_at: null,
    });
    renderPage({ placed: true });
    const thanks = await screen.findByTestId('order-thanks');
    expect(thanks.textContent).toContain('Thank you! Your order is placed.');
    expect(screen.getByTestId('order-time').textContent).toContain('As soon as possible');
    await vi.waitFor(() => expect(stream).toBeDefined());
    send('id: 7\nevent: ready\ndata: {}\n\n');

    wire.answers['/api/orders/o1'] = answer({
      ...order('rejected', 'pay_on_collection'),
      payment: { ...order('rejected', 'pay_on_collection').payment, method: 'cash' },
      promised_at: null,
      shop_reason: { reason: 'We are too busy to make your order in time', words: null },
    });
    send('id: 8\nevent: order.moved\ndata: {"id":8,"kind":"order.moved","order_id":"o1"}\n\n');
    await waitFor(() =>
      expect(screen.getByTestId('order-status').textContent).toBe('Declined by the shop'),
    );
    expect(screen.queryByTestId('order-thanks')).toBeNull();
    expect(screen.queryByText(/Thank you/)).toBeNull();
    expect(screen.queryByTestId('order-time')).toBeNull();
    expect(screen.queryByText(/As soon as possible|Ready at|Scheduled/)).toBeNull();
    expect(screen.getByTestId('order-shop-reason').textContent).toBe(
      'Sorry, Camden cannot make your order.' +
        'We are too busy to make your order in time.' +
        'You have not been charged for it; any card payment is released or refunded in full.',
    );
    // The cash it was to be paid in is owed no more.
    expect(screen.getByTestId('order-payment').textContent).toBe('Cash · Nothing to pay');
  });

  it('a cancelled order, opened later, shows no time, only the cancellation and the money', async () => {
    wire.answers['/api/orders/o1'] = answer(order('cancelled', 'refunded'));
    renderPage();
    const box = await screen.findByTestId('order-shop-reason');
    expect(box.textContent).toContain('Sorry, Camden has had to cancel your order.');
    expect(screen.getByTestId('order-money-line').textContent).toBe(
      'You have not been charged for it; any card payment is released or refunded in full.',
    );
    expect(screen.queryByTestId('order-promised')).toBeNull();
    expect(screen.queryByTestId('order-time')).toBeNull();
  });
});
