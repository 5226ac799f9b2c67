import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Order } from '@servery/contract/order';
import { suppliedOrOnItsWay } from '../labels.ts';
import { ShopReason } from './shop-reason.tsx';

afterEach(cleanup);

const order = (status: Order['status'], shop_reason: Order['shop_reason']) =>
  ({ status, shop_reason, store: { id: 's1', name: 'Camden', phone: '' } }) as Order;

describe('why the shop declined or cancelled (issue 27, point 5)', () => {
  it('shows the reason chosen and the staff’s own words', () => {
    render(
      <ShopReason
        order={order('rejected', {
          reason: 'We are too busy to make your order in time',
          words: 'Our tandoor oven has broken down tonight',
        })}
      />,
    );
    const box = screen.getByTestId('order-shop-reason');
    expect(box.textContent).toBe(
      'Sorry, Camden cannot make your order.' +
        'We are too busy to make your order in time.' +
        '“Our tandoor oven has broken down tonight”Camden, in their own words' +
        'You have not been charged for it; any card payment is released or refunded in full.',
    );
  });

  it('says the shop cancelled it when only words were typed, and nothing for an order that stands', () => {
    const { rerender } = render(
      <ShopReason order={order('cancelled', { reason: null, words: 'The fryer caught fire' })} />,
    );
    expect(screen.getByText('Sorry, Camden has had to cancel your order.')).toBeTruthy();
    expect(screen.getByText('“The fryer caught fire”')).toBeTruthy();
    // An order ended with no reason given still says so, and what it cost.
    rerender(<ShopReason order={order('rejected', null)} />);
    expect(screen.getByText('Sorry, Camden cannot make your order.')).toBeTruthy();
    expect(screen.getByTestId('order-money-line')).toBeTruthy();
    rerender(<ShopReason order={order('accepted', null)} />);
    expect(screen.queryByTestId('order-shop-reason')).toBeNull();
  });

  it('no VAT invoice on the page of an order that supplied nothing', () => {
    expect(
      ['rejected', 'cancelled', 'payment_failed'].map((s) =>
        suppliedOrOnItsWay(s as Order['status']),
      ),
    ).toEqual([false, false, false]);
    expect(suppliedOrOnItsWay('completed')).toBe(true);
  });
});
