import { useState } from 'react';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CartLine } from '@servery/contract/cart';
import { formatMoney, promoDiscount, subtotal } from '@servery/contract/pricing';
import type { PromoCheck } from '@servery/contract/promo';
import { signIn, signOut } from '../../../lib/session.ts';
import { createTestStore, stubApiWire, type Wire } from '../../../lib/testing/api-wire.ts';
import { toasts } from '../../../lib/toast.ts';
import { promoCheckState, usePromoCheck } from '../use-promo-check.ts';
import { PromoField } from './promo-field.tsx';

const CHECK = '/api/promos/check';
const money = (minor: number) => formatMoney(minor, { sign: '£' });
const line = (id: string, unit: number, quantity: number): CartLine => ({
  id,
  item_id: id,
  store_id: 'store-1',
  name: id,
  image: null,
  unit_price: unit,
  quantity,
  modifiers: [],
  modifier_names: [],
  note: '',
});
const friends: PromoCheck = {
  code: 'FRIENDS',
  description: '£3 off for friends',
  kind: 'fixed',
  value: 300,
  minimum_order: 2000,
  ends_at: null,
  subtotal: 2400,
  discount: 300,
};
const valid = (data: PromoCheck) => ({
  status: 200,
  body: { status: 200, message: `${data.code} takes it off.`, data },
});
const refused = (status: number, message: string, errors?: Record<string, string>) => ({
  status,
  body: { status, message, ...(errors ? { errors } : {}) },
});

/** The checkout's use of the field: the code applied, checked against the basket. */
function Checkout({ lines, storeId = 'store-1' }: { lines: CartLine[]; storeId?: string }) {
  const [code, setCode] = useState<string | null>(null);
  const { state, recheck } = usePromoCheck(code, storeId, lines);
  const discount = state.status === 'valid' ? promoDiscount(state.promo, subtotal(lines)) : 0;
  return (
    <PromoField
      check={state}
      discount={discount}
      onApply={(next) => {
        if (next === code) recheck();
        setCode(next);
      }}
      onRemove={() => setCode(null)}
      onRecheck={recheck}
      error={state.status === 'refused' ? state.message : null}
      money={money}
    />
  );
}

const basket = [line('naan', 400, 3), line('curry', 1200, 1)];
let wire: Wire;

function show(lines = basket) {
  const store = createTestStore();
  const ui = (l: CartLine[], storeId?: string) => (
    <Provider store={store}>
      <MemoryRouter>
        <Checkout lines={l} storeId={storeId} />
      </MemoryRouter>
    </Provider>
  );
  const view = render(ui(lines));
  return {
    input: screen.getByRole('textbox', { name: 'Code (optional)' }),
    rerender: (l: CartLine[], storeId?: string) => view.rerender(ui(l, storeId)),
  };
}

async function apply(input: HTMLElement, code: string) {
  const user = userEvent.setup();
  await user.clear(input);
  await user.type(input, code);
  await user.click(screen.getByRole('button', { name: 'Apply' }));
}

const checks = () => wire.sent.filter((call) => call.path === CHECK);

beforeEach(() => {
  wire = stubApiWire({ [CHECK]: valid(friends) });
  signIn({ token: 'a'.repeat(32), customer: { first_name: 'Ada' } } as never);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  signOut();
  localStorage.clear();
  toasts.set([]);
});

describe('the promo field', () => {
  it('asks the server on Apply and shows what any valid code saves', async () => {
    const { input } = show();
    await apply(input, ' friends');
    await screen.findByText(/: £3 off for friends — saves £3\.00$/);
    expect(screen.getByRole('status').textContent).toBe(
      'FRIENDS: £3 off for friends — saves £3.00',
    );
    expect(checks()).toEqual([
      {
        method: 'POST',
        path: CHECK,
        authorization: `Bearer ${'a'.repeat(32)}`,
        body: {
          promo_code: 'FRIENDS',
          store_id: 'store-1',
          lines: [
            { item_id: 'naan', quantity: 3, modifiers: [] },
            { item_id: 'curry', quantity: 1, modifiers: [] },
          ],
        },
      },
    ]);
    expect(input.getAttribute('aria-invalid')).toBe('false');
    expect(input.getAttribute('aria-describedby')).toBe('promo-state');
  });

  it('says it is checking until the server answers', async () => {
    let answer: (response: Response) => void = () => {};
    vi.stubGlobal('fetch', () => new Promise<Response>((resolve) => (answer = resolve)));
    const { input } = show();
    await apply(input, 'FRIENDS');
    expect(screen.getByRole('status').textContent).toBe('Checking FRIENDS…');
    answer(new Response(JSON.stringify(valid(friends).body), { status: 200 }));
    await screen.findByText(/saves £3\.00$/);
  });

  it('shows the server’s refusal on the field, described and marked invalid', async () => {
    const message = 'You have already used FRIENDS.';
    wire.answers[CHECK] = refused(422, message, { promo_code: message });
    const { input } = show();
    await apply(input, 'friends');
    const problem = await screen.findByText(message);
    expect(problem.id).toBe('promo-error');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toBe('promo-state promo-error');
    expect(screen.getByRole('status').textContent).toBe('FRIENDS is not applied.');

    await userEvent.setup().click(screen.getByRole('button', { name: 'Remove code FRIENDS' }));
    expect(screen.queryByText(message)).toBeNull();
    expect(input.getAttribute('aria-invalid')).toBe('false');
    expect((input as HTMLInputElement).value).toBe('');
    screen.getByRole('link', { name: 'See today’s offers' });
  });

  it('checks again when the basket or the store changes, and follows the answer', async () => {
    const { input, rerender } = show();
    await apply(input, 'FRIENDS');
    await screen.findByText(/saves £3\.00$/);

    const minimum = 'FRIENDS needs an order of at least £20.00.';
    wire.answers[CHECK] = refused(422, minimum, { promo_code: minimum });
    rerender([line('naan', 400, 3)]);
    await screen.findByText(minimum);
    expect(checks()).toHaveLength(2);
    expect(checks()[1]!.body).toMatchObject({ lines: [{ item_id: 'naan', quantity: 3 }] });

    wire.answers[CHECK] = valid(friends);
    rerender(basket, 'store-2');
    await screen.findByText(/saves £3\.00$/);
    expect(screen.queryByText(minimum)).toBeNull();
    expect(checks()[2]!.body).toMatchObject({ store_id: 'store-2' });
  });

  it('says so when the check cannot be made, and checks again on request', async () => {
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    const { input } = show();
    await apply(input, 'FRIENDS');
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe(
        'We could not check FRIENDS just now. It will be checked when you place your order.',
      ),
    );
    // Not the code's fault: the field is not marked wrong.
    expect(input.getAttribute('aria-invalid')).toBe('false');

    wire = stubApiWire({ [CHECK]: valid(friends) });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Check again' }));
    await screen.findByText(/saves £3\.00$/);
    expect(checks()).toHaveLength(1);
  });

  it('passes on the server’s word when there are too many checks', async () => {
    const message = 'Too many requests. Please try again in 120 seconds.';
    wire.answers[CHECK] = refused(429, message);
    const { input } = show();
    await apply(input, 'FRIENDS');
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe(
        `We could not check FRIENDS: ${message} It will be checked when you place your order.`,
      ),
    );
    expect(input.getAttribute('aria-invalid')).toBe('false');
  });

  it('applying the same code again asks again', async () => {
    const { input } = show();
    await apply(input, 'FRIENDS');
    await screen.findByText(/saves £3\.00$/);
    await apply(input, 'FRIENDS');
    await waitFor(() => expect(checks()).toHaveLength(2));
  });
});

describe('promoCheckState', () => {
  it('keeps a server failure’s details to itself', () => {
    const error = { status: 500, data: { status: 500, message: 'Something went wrong (ref x)' } };
    expect(promoCheckState('FRIENDS', { error, isFetching: false })).toEqual({
      status: 'unchecked',
      code: 'FRIENDS',
      message: null,
    });
  });

  it('keeps the terms of the same code while the basket is checked again, not another’s', () => {
    expect(promoCheckState('FRIENDS', { data: friends, isFetching: true }).status).toBe('valid');
    expect(promoCheckState('WELCOME10', { data: friends, isFetching: true }).status).toBe(
      'checking',
    );
    expect(promoCheckState(null, { data: friends, isFetching: false })).toEqual({
      status: 'none',
    });
  });
});
