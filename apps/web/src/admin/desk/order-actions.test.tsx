import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DeskOrder } from '@servery/contract/desk';
import { stubApiWire, type WireAnswer } from '../../lib/testing/api-wire.ts';
import { createAdminState } from '../admin-state.ts';
import { deskOrder, ok } from '../testing/staff-app-fakes.ts';
import { OrderActions } from './order-actions.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const STATUS = '/api/admin/orders/o1001/status';
function actions(order: DeskOrder, answer: WireAnswer = ok(order)) {
  const wire = stubApiWire({ [STATUS]: answer });
  render(
    <Provider store={createAdminState()}>
      <OrderActions order={order} />
    </Provider>,
  );
  return wire;
}
const moves = (wire: ReturnType<typeof actions>) =>
  wire.sent.filter((call) => call.path === STATUS).map((call) => call.body);

describe('a new order’s actions', () => {
  it('takes other minutes only as a whole number the contract allows, digits only', async () => {
    const user = userEvent.setup();
    const wire = actions(deskOrder(1001));
    await user.click(screen.getByRole('button', { name: 'Other minutes…' }));
    const minutes = screen.getByRole('textbox', { name: 'Other minutes' });
    expect(document.activeElement).toBe(minutes);
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Give the minutes as a whole number from 1 to 240.',
    );
    await user.type(minutes, '3a00');
    expect(minutes).toHaveProperty('value', '300');
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    expect(screen.getByRole('alert').textContent).toBe(
      'Give the minutes as a whole number from 1 to 240.',
    );
    expect(moves(wire)).toEqual([]);

    await user.clear(minutes);
    await user.type(minutes, '25');
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    await vi.waitFor(() => expect(moves(wire)).toEqual([{ status: 'accepted', minutes: 25 }]));
  });

  it('draws no form field until other minutes are asked for, and Back puts the card as it was', async () => {
    // A field on every new card made Chromium's autofill read all the cards' forms again as each
    // card came (decision 64): a new order's card has buttons only.
    const user = userEvent.setup();
    const { container } = render(
      <Provider store={createAdminState()}>
        <OrderActions order={deskOrder(1001)} />
      </Provider>,
    );
    stubApiWire({});
    expect(container.querySelectorAll('form, input, select, textarea')).toHaveLength(0);
    expect(screen.getByRole('button', { name: '15 min' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reject…' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Other minutes…' }));
    expect(container.querySelectorAll('input')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Reject…' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(container.querySelectorAll('form, input, select, textarea')).toHaveLength(0);
    // The keyboard is where it was before the box came.
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Other minutes…' }));
  });

  it('rejects only with a reason, and with words of its own for another reason', async () => {
    const user = userEvent.setup();
    const wire = actions(deskOrder(1001));
    await user.click(screen.getByRole('button', { name: 'Reject…' }));
    // The panel is a chunk of its own (docs/decisions/0048): it arrives a moment after the click.
    const panel = await screen.findByRole('group', { name: 'Reject order 1001' });
    const confirm = within(panel).getByRole('button', { name: 'Yes, reject order #1001' });
    expect(confirm).toHaveProperty('disabled', true);
    await user.click(within(panel).getByRole('radio', { name: 'Another reason' }));
    expect(within(panel).getByRole('textbox', { name: 'In your words (needed)' })).toBeTruthy();
    expect(confirm).toHaveProperty('disabled', true);
    await user.type(within(panel).getByRole('textbox', { name: /^In your words/ }), '  ');
    expect(confirm).toHaveProperty('disabled', true);
    await user.type(within(panel).getByRole('textbox', { name: /^In your words/ }), 'Oven down ');
    expect(confirm).toHaveProperty('disabled', false);
    await user.click(confirm);
    await vi.waitFor(() =>
      expect(moves(wire)).toEqual([{ status: 'rejected', reason: 'other', note: 'Oven down' }]),
    );
  });

  it('says the server’s refusal', async () => {
    const user = userEvent.setup();
    actions(deskOrder(1001), {
      status: 409,
      body: { status: 409, message: 'This order has moved on: it is no longer new.', data: null },
    });
    await user.click(screen.getByRole('button', { name: '15 min' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This order has moved on: it is no longer new.',
    );
  });
});

describe('an accepted order’s actions', () => {
  it('cancels with the kitchen’s words for the customer, after asking', async () => {
    const user = userEvent.setup();
    const accepted = deskOrder(1001, { status: 'accepted', next: ['preparing', 'cancelled'] });
    const wire = actions(accepted);
    await user.click(screen.getByRole('button', { name: 'Cancel…' }));
    const panel = await screen.findByRole('group', { name: 'Cancel order 1001' });
    await user.click(within(panel).getByRole('button', { name: 'Keep it' }));
    expect(screen.queryByRole('group', { name: 'Cancel order 1001' })).toBeNull();
    expect(moves(wire)).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Cancel…' }));
    await user.type(
      await screen.findByRole('textbox', { name: /^Why, in your words/ }),
      ' Driver ill ',
    );
    await user.click(screen.getByRole('button', { name: 'Yes, cancel' }));
    await vi.waitFor(() =>
      expect(moves(wire)).toEqual([{ status: 'cancelled', note: 'Driver ill' }]),
    );
  });
});
