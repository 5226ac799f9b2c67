import type { Order } from '@servery/contract/order';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signIn, signOut } from '../../../lib/session.ts';
import { createTestStore, stubApiWire, type Wire } from '../../../lib/testing/api-wire.ts';
import { StripeCardForm } from './stripe-card-form.tsx';

const order = {
  id: 'order-1',
  total: 1350,
  payment: { stripe_account: null },
} as unknown as Order;
const money = (minor: number) => `£${(minor / 100).toFixed(2)}`;

/** Stripe.js at its edge (window.Stripe): what was created, and the calls in order. */
function fakeStripeJs() {
  const calls: string[] = [];
  const handlers: Record<string, (event?: unknown) => void> = {};
  const element = (type: string) => ({
    mount: () => calls.push(`mount ${type}`),
    destroy: () => undefined,
    on: (event: string, handler: (event?: unknown) => void) => {
      handlers[`${type} ${event}`] = handler;
    },
  });
  const elements = {
    create: (type: string) => element(type),
    fetchUpdates: async () => {
      calls.push('fetchUpdates');
      return {};
    },
  };
  const stripe = {
    elements: () => elements,
    confirmPayment: async () => {
      calls.push('confirmPayment');
      return {};
    },
    handleNextAction: async () => ({}),
  };
  vi.stubGlobal('Stripe', () => stripe);
  return { calls, handlers };
}

let wire: Wire;
beforeEach(() => {
  wire = stubApiWire({
    '/api/order/payment/save-card': {
      status: 200,
      body: { status: 200, message: 'Your card will be saved once it has paid.', data: null },
    },
  });
  signIn({
    token: 'token-1',
    expires_at: '2099-01-01T00:00:00.000Z',
    customer: { id: 'c1' },
  } as unknown as Parameters<typeof signIn>[0]);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  signOut();
  localStorage.clear();
});

function renderForm() {
  const onPaid = vi.fn();
  render(
    <Provider store={createTestStore()}>
      <StripeCardForm
        order={order}
        clientSecret="pi_1_secret_abc"
        publishableKey="pk_test"
        money={money}
        onPaid={onPaid}
      />
    </Provider>,
  );
  return { onPaid };
}

describe('the Stripe card form (issue 30, point 11)', () => {
  it('offers Apple Pay and Google Pay above the card, and a wallet’s confirm pays the order', async () => {
    const stripe = fakeStripeJs();
    const { onPaid } = renderForm();
    await waitFor(() => expect(stripe.calls).toEqual(['mount expressCheckout', 'mount payment']));
    expect(screen.queryByText('Or pay by card')).toBeNull();
    stripe.handlers['expressCheckout ready']!({ availablePaymentMethods: { applePay: true } });
    await screen.findByText('Or pay by card');
    stripe.handlers['expressCheckout confirm']!();
    await waitFor(() => expect(onPaid).toHaveBeenCalledWith('Payment received. Thank you!'));
    // Not agreed to keep the card: the server is not asked to keep it.
    expect(wire.sent.filter((call) => call.path === '/api/order/payment/save-card')).toEqual([]);
  });

  it('tells the server to keep the card before Stripe confirms, when the customer agrees', async () => {
    const stripe = fakeStripeJs();
    const { onPaid } = renderForm();
    const save = await screen.findByRole('checkbox', { name: /^Save this card for next time/ });
    expect((save as HTMLInputElement).checked).toBe(false);
    await userEvent.click(save);
    await userEvent.click(screen.getByRole('button', { name: 'Pay £13.50' }));
    await waitFor(() => expect(onPaid).toHaveBeenCalled());
    const told = wire.sent.filter((call) => call.path === '/api/order/payment/save-card');
    expect(told.map((call) => call.body)).toEqual([{ order_id: 'order-1', save: true }]);
    expect(stripe.calls.slice(-2)).toEqual(['fetchUpdates', 'confirmPayment']);
  });
});
