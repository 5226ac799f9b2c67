import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CartLine } from '@servery/contract/cart';
import type { StoreSummary } from '@servery/contract/menu';
import { formatMoney } from '@servery/contract/pricing';
import { quoteCheckout } from '../checkout-quote.ts';
import { CheckoutSummary } from './checkout-summary.tsx';

afterEach(cleanup);
const money = (minor: number) => formatMoney(minor, { sign: '£' });
const none = { contains: [], may_contain: [] };
const store = {
  id: 's',
  name: 'Tandoor Lane Shoreditch',
  order_types: ['delivery'],
  minimum_order: 0,
  delivery_zones: [{ district: 'E1', fee: 199, minimum_order: 1200 }],
} as StoreSummary;
const line = (id: string, unit: number, quantity: number): CartLine => ({
  id,
  item_id: id,
  store_id: 's',
  name: id === 'naan' ? 'Garlic naan' : 'Prawn puri',
  image: null,
  unit_price: unit,
  quantity,
  modifiers: [],
  modifier_names: [],
  note: id === 'naan' ? 'Well done' : '',
});
const detail = (id: string, price: number, sold_out = false) => ({
  id,
  name: id === 'naan' ? 'Garlic naan' : 'Prawn puri',
  description: '',
  price,
  image: null,
  kcal: null,
  allergens: none,
  dietary: [],
  sold_out,
  vat_rate: 20 as const,
  modifier_groups: [],
});

function show(soldOut = false) {
  const quote = quoteCheckout({
    lines: [line('naan', 300, 2), line('puri', 650, 1)],
    catalogue: {
      items: { naan: detail('naan', 350), puri: detail('puri', 650, soldOut) },
      onMenu: null,
    },
    store,
    orderType: 'delivery',
    address: { id: 'a', district: 'E1' } as never,
    promo: {
      code: 'FEAST5',
      description: '',
      kind: 'fixed',
      value: 500,
      minimum_order: 0,
      ends_at: null,
    },
    money,
  });
  const onRemoveLine = vi.fn();
  render(
    <MemoryRouter>
      <CheckoutSummary
        quote={quote}
        orderType="delivery"
        promoCode="FEAST5"
        lineErrors={{}}
        onRemoveLine={onRemoveLine}
        money={money}
      />
    </MemoryRouter>,
  );
  return onRemoveLine;
}

describe('the checkout breakdown', () => {
  it('shows subtotal, delivery, discount, total and the VAT inside, at today’s prices', () => {
    show();
    const totals = screen.getByTestId('checkout-totals');
    const row = (label: string) => within(totals).getByText(label).parentElement!.textContent;
    expect(row('Subtotal')).toBe('Subtotal£13.50');
    expect(row('Delivery')).toBe('Delivery£1.99');
    expect(row('Discount (FEAST5)')).toBe('Discount (FEAST5)-£5.00');
    expect(row('Total')).toBe('Total£10.49');
    // VAT (orderTotals, by vatBands): the dishes after the £5 off and the £1.99 fee are all at
    // 20 %, so the VAT is worked out once on £10.49: £1.75 (line by line it rounded to £1.74).
    expect(row('Includes VAT')).toBe('Includes VAT£1.75');
    expect(screen.getByTestId('price-changes').textContent).toContain(
      'Garlic naan: was £3.00, now £3.50',
    );
    expect(screen.getByText('Note: Well done')).toBeTruthy();
  });

  it('marks a line that can no longer be ordered, with a way to remove it', async () => {
    const onRemoveLine = show(true);
    expect(screen.getByText('Prawn puri is sold out.')).toBeTruthy();
    screen.getByRole('button', { name: 'Remove Prawn puri from your basket' }).click();
    expect(onRemoveLine).toHaveBeenCalledWith('puri');
    // The sold-out dish is not in the total.
    expect(screen.getByTestId('total-subtotal').textContent).toBe('£7.00');
  });
});
