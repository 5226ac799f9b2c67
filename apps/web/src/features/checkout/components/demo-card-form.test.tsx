import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEMO_CARDS, type Order } from '@servery/contract/order';
import { createTestStore, stubApiWire, type Wire } from '../../../lib/testing/api-wire.ts';
import { DemoCardForm } from './demo-card-form.tsx';

const order = { id: 'order-1', total: 1250, store: { name: 'Spitalfields' } } as unknown as Order;

let wire: Wire;
beforeEach(() => {
  wire = stubApiWire();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('DemoCardForm', () => {
  it('refuses an expired expiry ("01/20") on the field, without asking the server', async () => {
    render(
      <Provider store={createTestStore()}>
        <DemoCardForm order={order} money={(minor) => `£${minor / 100}`} onPaid={vi.fn()} />
      </Provider>,
    );
    await userEvent.type(screen.getByLabelText(/Card number/), DEMO_CARDS.succeeds);
    await userEvent.type(screen.getByLabelText(/Expiry date/), '01/20');
    await userEvent.type(screen.getByLabelText(/security code|CVC/i), '123');
    await userEvent.click(screen.getByRole('button', { name: /^Pay/ }));

    expect(await screen.findByText('Your card has expired.')).toBeTruthy();
    expect(screen.getByLabelText(/Expiry date/)).toBe(document.activeElement);
    expect(wire.sent).toEqual([]);
  });
});
