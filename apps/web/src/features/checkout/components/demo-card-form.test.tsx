import { DEMO_CARDS, type Order } from '@servery/contract/order';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signIn, signOut } from '../../../lib/session.ts';
import { createTestStore, stubApiWire, type Wire } from '../../../lib/testing/api-wire.ts';
import { formatCardNumber, formatExpiry, nextCardField } from './card-typing.ts';
import { DemoCardForm } from './demo-card-form.tsx';

const order = { id: 'order-1', total: 2450, store: { name: 'Shoreditch' } } as unknown as Order;
const money = (minor: number) => `£${(minor / 100).toFixed(2)}`;

let wire: Wire;
beforeEach(() => {
  wire = stubApiWire({
    '/api/payments/demo/order-1/confirm': {
      status: 200,
      body: {
        status: 200,
        message: 'Payment received.',
        data: { ...order, payment: { status: 'succeeded' } },
      },
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
      <DemoCardForm order={order} money={money} onPaid={onPaid} />
    </Provider>,
  );
  return { onPaid };
}
const input = (name: RegExp) => screen.getByLabelText<HTMLInputElement>(name);

describe('the test-mode card form', () => {
  it('groups the card number as typed and takes 1230 as the expiry 12/30, on a numeric keypad', async () => {
    const { onPaid } = renderForm();
    await userEvent.type(input(/^Card number/), '4242424242424242');
    expect(input(/^Card number/).value).toBe('4242 4242 4242 4242');
    await userEvent.type(input(/^Expiry date/), '1230');
    expect(input(/^Expiry date/).value).toBe('12/30');
    await userEvent.type(input(/^Security code/), '123');
    for (const field of [/^Card number/, /^Expiry date/, /^Security code/]) {
      expect(input(field).inputMode).toBe('numeric');
    }

    await userEvent.click(screen.getByRole('button', { name: 'Pay £24.50' }));
    await waitFor(() => expect(onPaid).toHaveBeenCalledWith('Payment received.'));
    // What the server gets is as before: the digits, and MM/YY.
    expect(wire.sent.at(-1)?.body).toEqual({
      card_number: '4242424242424242',
      expiry: '12/30',
      cvc: '123',
    });
  });

  it('takes the number, expiry and CVC typed in one go: each complete field hands on to the next', async () => {
    const { onPaid } = renderForm();
    // No pause between keys, as a fast typist or a paste-like keyboard sends them.
    const user = userEvent.setup({ delay: null });
    await user.click(input(/^Card number/));
    await user.keyboard('42424242424242421230123');
    expect(input(/^Card number/).value).toBe('4242 4242 4242 4242');
    expect(input(/^Expiry date/).value).toBe('12/30');
    expect(input(/^Security code/).value).toBe('123');
    expect(document.activeElement).toBe(input(/^Security code/));
    expect(screen.getByText(/typing goes on in the expiry date, then the CVC/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Pay £24.50' }));
    await waitFor(() => expect(onPaid).toHaveBeenCalledWith('Payment received.'));
  });

  it('stays in a field corrected in its middle', async () => {
    renderForm();
    const number = input(/^Card number/);
    await userEvent.type(number, '424242424242424');
    // The caret goes back to the start of the last group, and the missing digit goes there.
    number.setSelectionRange(15, 15);
    await userEvent.keyboard('2');
    expect(number.value).toBe('4242 4242 4242 2424');
    expect(document.activeElement).toBe(number);
  });

  it('takes the expiry typed with its slash, too', async () => {
    renderForm();
    await userEvent.type(input(/^Expiry date/), '12/30');
    expect(input(/^Expiry date/).value).toBe('12/30');
  });
});

describe('formatting as typed', () => {
  it('groups card digits in fours and drops anything else', () => {
    expect(formatCardNumber('4242-4242 42424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('42424')).toBe('4242 4');
  });

  it('reads an expiry with or without its slash', () => {
    expect(formatExpiry('1230')).toBe('12/30');
    expect(formatExpiry('12/30')).toBe('12/30');
    expect(formatExpiry('12/')).toBe('12/');
    expect(formatExpiry('123')).toBe('12/3');
    expect(formatExpiry('1')).toBe('1');
    expect(formatExpiry('12/305')).toBe('12/30');
  });
});

describe('which field typing goes on in', () => {
  it('after a whole card number that passes its check digit', () => {
    for (const number of Object.values(DEMO_CARDS)) {
      expect(nextCardField('card_number', formatCardNumber(number))).toBe('expiry');
    }
    // American Express is whole at 15 digits; a Maestro number may run to 19.
    expect(nextCardField('card_number', '3782 822463 10005')).toBe('expiry');
    expect(nextCardField('card_number', '6759 6498 2643 8453')).toBeNull();
    expect(nextCardField('card_number', '4242 4242 4242 424')).toBeNull();
    // A typing slip (the check digit fails): the customer stays to correct it.
    expect(nextCardField('card_number', '4242 4242 4242 4241')).toBeNull();
  });

  it('after an expiry with a real month, passed or not (the CVC typed after it is kept)', () => {
    expect(nextCardField('expiry', '12/30')).toBe('cvc');
    expect(nextCardField('expiry', '11/26')).toBe('cvc');
    expect(nextCardField('expiry', '12/3')).toBeNull();
    expect(nextCardField('expiry', '13/30')).toBeNull();
    expect(nextCardField('expiry', '00/30')).toBeNull();
    expect(nextCardField('expiry', '01/20')).toBe('cvc');
    expect(nextCardField('cvc', '123')).toBeNull();
  });
});

describe('an expired card', () => {
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

    // Said on the field and in the summary at the form's top, which links to it (issue 30).
    await screen.findByRole('link', { name: 'Your card has expired.' });
    expect(screen.getAllByText('Your card has expired.')).toHaveLength(2);
    expect(screen.getByLabelText(/Expiry date/)).toBe(document.activeElement);
    expect(wire.sent).toEqual([]);
  });

  it('typed in one go, keeps the CVC and says "expired", not "enter the CVC"', async () => {
    render(
      <Provider store={createTestStore()}>
        <DemoCardForm order={order} money={(minor) => `£${minor / 100}`} onPaid={vi.fn()} />
      </Provider>,
    );
    await userEvent.type(screen.getByLabelText(/Card number/), `${DEMO_CARDS.succeeds}0120123`);
    expect((screen.getByLabelText(/security code|CVC/i) as HTMLInputElement).value).toBe('123');
    await userEvent.click(screen.getByRole('button', { name: /^Pay/ }));
    await screen.findByRole('link', { name: 'Your card has expired.' });
    expect(screen.queryByText('Enter the 3 or 4 digit security code')).toBeNull();
    expect(wire.sent).toEqual([]);
  });
});
