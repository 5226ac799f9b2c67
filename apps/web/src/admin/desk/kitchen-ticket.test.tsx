import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { DeskOrder, KitchenTicket } from '@servery/contract/desk';
import { KitchenTicketSheet } from './kitchen-ticket.tsx';

afterEach(cleanup);

const order: DeskOrder = {
  id: 'o1',
  number: 1042,
  status: 'accepted',
  store: { id: 'st1', name: 'Brick Lane' },
  order_type: 'delivery',
  asap: true,
  scheduled_for: '2026-11-24T18:30:00.000Z',
  promised_at: '2026-11-24T18:45:00.000Z',
  ride_minutes: 25,
  lines: [
    {
      name: 'Chicken tikka masala',
      quantity: 2,
      modifier_names: ['Hot', 'Cashew sauce'],
      note: 'No coriander',
      line_total: 2390,
      allergens: { contains: ['milk', 'nuts'], may_contain: ['peanuts'] },
    },
    {
      name: 'Poppadoms',
      quantity: 1,
      modifier_names: [],
      note: '',
      line_total: 150,
      allergens: null,
    },
  ],
  notes: 'Knock at the side door',
  subtotal: 2540,
  delivery_fee: 250,
  discount: 0,
  total: 2790,
  currency: 'GBP',
  customer: { name: 'Amira Okafor', phone: '+447700900555', email: null },
  address: {
    address_line1: '12 Fournier Street',
    address_line2: '',
    city: 'London',
    postcode: 'E1 6QE',
    instructions: 'Ring twice',
  },
  payment: { method: 'cash', status: 'pay_on_delivery', paid: false, to_collect: 2790 },
  status_history: [],
  created_at: '2026-11-24T18:00:00.000Z',
  print_count: 2,
  next: ['preparing', 'ready', 'cancelled'],
};
const ticket = (reprint: boolean): KitchenTicket => ({
  order,
  shop_name: 'Tandoor Lane',
  reprint,
  print_count: reprint ? 2 : 1,
  printed_at: '2026-11-24T18:05:00.000Z',
});

function sheet() {
  return screen.getByRole('region', { name: 'Kitchen ticket for order 1042', hidden: true });
}

describe('the kitchen ticket', () => {
  it('marks a second print REPRINT, in its own block', () => {
    render(<KitchenTicketSheet ticket={ticket(true)} timeZone="Europe/London" />);
    expect(within(sheet()).getByTestId('ticket-reprint').textContent).toBe('REPRINT');
    expect(sheet().textContent).toContain('print 2');
    // Printed from <body>, beside the app, so that print can leave the app out.
    expect(sheet().parentElement).toBe(document.body);
  });

  it('gives a delivery the time it must be ready, big, before its time at the door', () => {
    render(<KitchenTicketSheet ticket={ticket(false)} timeZone="Europe/London" />);
    // At the door at 6:45 PM, 25 minutes away: ready by 6:20 PM.
    expect(sheet().querySelector('.ticket-ready')?.textContent).toBe('Ready by 6:20 PM');
    expect(sheet().textContent).toContain('At the door 6:45 PM · 25 min ride');
    expect(sheet().textContent).not.toContain('Promised');
  });

  it('gives a collection the time the customer comes, and a pre-order its day', () => {
    const collection = { ...order, order_type: 'collection' as const, ride_minutes: null };
    render(
      <KitchenTicketSheet
        ticket={{ ...ticket(false), order: collection }}
        timeZone="Europe/London"
      />,
    );
    expect(sheet().querySelector('.ticket-ready')?.textContent).toBe('Ready by 6:45 PM');
    expect(sheet().textContent).toContain('Customer collects 6:45 PM');
    cleanup();
    const preOrder = {
      ...order,
      status: 'placed' as const,
      asap: false,
      scheduled_for: '2026-11-28T19:30:00.000Z',
      promised_at: null,
    };
    render(
      <KitchenTicketSheet
        ticket={{ ...ticket(false), order: preOrder }}
        timeZone="Europe/London"
      />,
    );
    expect(sheet().querySelector('.ticket-ready')?.textContent).toBe(
      'Ready by Saturday 28 November 2026 at 7:05 PM',
    );
    expect(sheet().textContent).toContain('At the door 7:30 PM · 25 min ride');
  });

  it('carries everything the kitchen and the driver need, allergens flagged', () => {
    render(<KitchenTicketSheet ticket={ticket(false)} timeZone="Europe/London" />);
    const text = sheet().textContent!;
    expect(within(sheet()).queryByTestId('ticket-reprint')).toBeNull();
    for (const words of [
      'Tandoor Lane',
      'Brick Lane',
      '#1042',
      'DELIVERY',
      'Ready by 6:20 PM',
      '2 × Chicken tikka masala',
      'Hot, Cashew sauce',
      'Note: No coriander',
      '⚠ Contains: milk, tree nuts',
      'May contain: peanuts',
      'Allergens not recorded',
      'Order note: Knock at the side door',
      'Amira Okafor',
      // Stored as sign-in keeps it (+447700900555), shown as people write it (walk item 21).
      '07700 900555',
      '12 Fournier Street, London E1 6QE',
      '“Ring twice”',
      'CASH £27.90 TO COLLECT',
    ]) {
      expect(text, words).toContain(words);
    }
  });

  it('says PAID for a card order', () => {
    render(
      <KitchenTicketSheet
        ticket={{
          ...ticket(false),
          order: {
            ...order,
            order_type: 'collection',
            address: null,
            payment: { method: 'card', status: 'succeeded', paid: true, to_collect: 0 },
          },
        }}
        timeZone="Europe/London"
      />,
    );
    expect(sheet().textContent).toContain('COLLECTION');
    expect(sheet().textContent).toContain('PAID £27.90');
    expect(sheet().textContent).not.toContain('Fournier');
  });
});
