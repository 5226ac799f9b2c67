import type { Order } from '@servery/contract/order';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { afterEach, expect, it, vi } from 'vitest';
import { useGetOrderQuery } from '../../lib/dishes-and-orders-api.ts';
import { signIn, signOut } from '../../lib/session.ts';
import { createTestStore, stubApiWire } from '../../lib/testing/api-wire.ts';
import { useRefreshPaymentStatusMutation } from './api.ts';

const orderWith = (status: string) =>
  ({ id: 'order-1', status: 'placed', payment: { method: 'card', status } }) as unknown as Order;
const answer = (order: Order) => ({
  status: 200,
  body: { status: 200, message: 'OK', data: order },
});

/** What the order page reads (its cached order), beside the payment page's status check. */
function PaidThenOpened() {
  const order = useGetOrderQuery('order-1');
  const [refresh] = useRefreshPaymentStatusMutation();
  return (
    <>
      <p data-testid="payment">{order.data?.payment.status ?? 'loading'}</p>
      <button type="button" onClick={() => void refresh('order-1')}>
        Check the payment
      </button>
    </>
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  signOut();
});

it('shows the payment as the status check answered it, before the order is read again', async () => {
  signIn({
    token: 'token-1',
    expires_at: '2099-01-01T00:00:00.000Z',
    customer: { id: 'c1' },
  } as unknown as Parameters<typeof signIn>[0]);
  const wire = stubApiWire({ '/api/orders/order-1': answer(orderWith('requires_payment')) });
  render(
    <Provider store={createTestStore()}>
      <PaidThenOpened />
    </Provider>,
  );
  expect((await screen.findByText('requires_payment')).dataset.testid).toBe('payment');

  // The order's own read is slow now (a busy server); the status check answers at once.
  wire.answers['/api/orders/order-1'] = {
    ...answer(orderWith('authorised')),
    after: new Promise(() => {}),
  };
  wire.answers['/api/order/payment/status'] = answer(orderWith('authorised'));
  await userEvent.click(screen.getByRole('button', { name: 'Check the payment' }));
  expect((await screen.findByText('authorised')).dataset.testid).toBe('payment');
});
