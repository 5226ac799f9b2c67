import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { HistoryOrder, OrderDetail } from '@servery/contract/back-office-shapes';
import type { StaffRole } from '@servery/contract/staff-roles';
import type { WireAnswer } from '../../lib/testing/api-wire.ts';
import { renderStaffScreen } from '../testing/render-staff-screen.tsx';
import { deskOrder, ok } from '../testing/staff-app-fakes.ts';
import { OrdersPage } from './orders-page.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

// Issue 29 points 3 and 4: a manager finds last week's order, reads its story, refunds a dish.
const historyOrder = (number: number, change: Partial<HistoryOrder> = {}): HistoryOrder => ({
  ...deskOrder(number, {
    status: 'completed',
    customer: { name: 'Mina Shah', phone: null, email: null },
  }),
  refunded: 0,
  ...change,
});
const page = (orders: HistoryOrder[], next: string | null) => ok({ orders, next_cursor: next });
const detail = (change: Partial<OrderDetail> = {}): OrderDetail => ({
  ...historyOrder(1042, {
    payment: { method: 'card', status: 'succeeded', paid: true, to_collect: 0 },
    lines: [
      {
        name: 'Lamb biryani',
        quantity: 2,
        modifier_names: [],
        note: '',
        line_total: 2380,
        allergens: null,
      },
      {
        name: 'Garlic naan',
        quantity: 1,
        modifier_names: [],
        note: '',
        line_total: 410,
        allergens: null,
      },
    ],
    total: 2790,
  }),
  timeline: [
    { at: '2026-11-24T18:00:00.000Z', what: 'placed', by: null },
    { at: '2026-11-24T18:02:00.000Z', what: 'accepted', by: 'priya@shop.test' },
  ],
  messages: [
    {
      at: '2026-11-24T18:00:05.000Z',
      channel: 'email',
      kind: 'order_confirmation',
      recipient: 'mina@example.com',
      status: 'sent',
      sent_at: '2026-11-24T18:00:06.000Z',
      dropped_because: null,
    },
  ],
  payments: [
    { method: 'card', provider: 'stripe', status: 'succeeded', amount: 2790, refunded: 0 },
  ],
  refunds: [],
  refundable: 2790,
  refunded_lines: [],
  ...change,
});

const renderAt = (path: string, role: StaffRole, answers: Record<string, WireAnswer>) =>
  renderStaffScreen({ path, routePath: '/admin/orders/*', element: <OrdersPage /> }, role, answers);

describe('the order history', () => {
  it('searches by what the manager types and pages back through older orders', async () => {
    const user = userEvent.setup();
    const wire = renderAt('/admin/orders', 'manager', {
      '/api/admin/orders': page([historyOrder(1042, { refunded: 500 })], 'c2'),
    });
    const first = await screen.findByRole('link', { name: /#1042/ });
    expect(first.textContent).toContain('Mina Shah');
    expect(first.textContent).toContain('£27.90');
    expect(first.textContent).toContain('Refunded £5.00');

    await user.type(screen.getByLabelText('Number, name, phone, e-mail or postcode'), 'shah');
    await user.selectOptions(screen.getByLabelText('Payment'), 'card');
    const asked = wire.sent.filter((c) => c.path === '/api/admin/orders').at(-1)!;
    expect(asked.query).toMatchObject({ q: 'shah', payment: 'card' });
    expect(asked.query!.cursor).toBeUndefined();

    wire.answers['/api/admin/orders'] = page([historyOrder(987)], null);
    await user.click(await screen.findByRole('button', { name: 'Show older orders' }));
    expect(await screen.findByRole('link', { name: /#987/ })).toBeTruthy();
    expect(screen.getByRole('link', { name: /#1042/ })).toBeTruthy();
    expect(wire.sent.at(-1)!.query).toMatchObject({ q: 'shah', cursor: 'c2' });
    expect(screen.queryByRole('button', { name: 'Show older orders' })).toBeNull();
  });

  it('says a day of its dates is the reports’ trading day', async () => {
    renderAt('/admin/orders', 'manager', { '/api/admin/orders': page([], null) });
    const from = await screen.findByLabelText('Placed from');
    expect(from.getAttribute('aria-describedby')).toBe('orders-day-hint');
    expect(screen.getByLabelText('Placed until').getAttribute('aria-describedby')).toBe(
      'orders-day-hint',
    );
    expect(document.getElementById('orders-day-hint')!.textContent).toMatch(
      /^A day runs from 4:00 AM to 4:00 AM, as in the reports/,
    );
  });

  it('says so when nothing matches', async () => {
    renderAt('/admin/orders', 'manager', { '/api/admin/orders': page([], null) });
    expect(await screen.findByText('No order matches.')).toBeTruthy();
  });
});

describe('an order’s detail', () => {
  it('shows its timeline, the messages sent and its payment', async () => {
    const refunded = { at: '2026-11-24T19:00:00.000Z', what: 'order.refunded', by: 'mo@shop.test' };
    renderAt('/admin/orders/o1042', 'manager', {
      '/api/admin/orders/o1042': ok(detail({ timeline: [...detail().timeline, refunded] })),
    });
    expect(await screen.findByRole('heading', { name: 'Order #1042' })).toBeTruthy();
    const timeline = screen.getByRole('region', { name: 'Timeline' });
    expect(within(timeline).getByText(/accepted · priya@shop.test/)).toBeTruthy();
    // What staff did to the order reads as words, as its moves do (not "order.refunded").
    expect(within(timeline).getByText(/^· refunded · mo@shop.test$/)).toBeTruthy();
    expect(
      within(timeline).getByText(/order confirmation by email to mina@example.com/),
    ).toBeTruthy();
    expect(screen.getByText(/card · succeeded · refunded £0.00/)).toBeTruthy();
  });

  it('says when a message went, not when it was queued, and which were dropped and why', async () => {
    const message = detail().messages[0]!;
    renderAt('/admin/orders/o1042', 'manager', {
      '/api/admin/orders/o1042': ok(
        detail({
          messages: [
            { ...message, at: '2026-11-24T18:02:00.000Z', sent_at: '2026-11-24T18:09:00.000Z' },
            {
              ...message,
              at: '2026-11-24T18:20:00.000Z',
              kind: 'order_ready',
              status: 'dropped',
              sent_at: null,
              dropped_because: 'the order was completed before it was due to go',
            },
          ],
        }),
      ),
    });
    const timeline = await screen.findByRole('region', { name: 'Timeline' });
    const lines = within(timeline)
      .getAllByRole('listitem')
      .map((li) => li.textContent)
      .filter((text) => text?.includes('by email'));
    expect(lines[0]).toMatch(/6:09 PM · order confirmation by email to mina@example.com · sent$/);
    expect(lines[0]).not.toMatch(/6:02 PM/);
    expect(lines[1]).toMatch(
      /^order ready by email to mina@example.com · not sent: the order was completed before it was due to go \(queued .*6:20 PM\)$/,
    );
  });

  it('refunds one dish after a confirmation, with one key for the double tap', async () => {
    const user = userEvent.setup();
    const wire = renderAt('/admin/orders/o1042', 'manager', {
      '/api/admin/orders/o1042': ok(detail()),
    });
    const lamb = await screen.findByRole('group', { name: '2 × Lamb biryani (£23.80)' });
    // No number spinner a scroll wheel could turn: a − and + with the count between them.
    expect(screen.queryByRole('spinbutton')).toBeNull();
    expect(
      within(lamb)
        .getByRole('button', { name: 'Refund one fewer Lamb biryani' })
        .getAttribute('aria-disabled'),
    ).toBe('true');
    await user.click(within(lamb).getByRole('button', { name: 'Refund one more Lamb biryani' }));
    expect(within(lamb).getByRole('status').textContent).toBe('1');
    await user.type(screen.getByLabelText('Reason (the customer is told the amount)'), 'Cold');
    await user.click(screen.getByRole('button', { name: 'Refund £11.90' }));
    const dialog = screen.getByRole('dialog', { name: 'Give back £11.90 to the card?' });
    wire.answers['/api/admin/orders/o1042/refunds'] = {
      status: 201,
      body: { status: 201, message: 'Refunded.', data: { id: 'r1' } },
    };
    wire.answers['/api/admin/orders/o1042'] = ok(
      detail({
        refunds: [
          {
            id: 'r1',
            order_id: 'o1042',
            amount: 1190,
            method: 'card',
            status: 'succeeded',
            reason: 'Cold',
            created_by: 'mo@shop.test',
            created_at: '2026-11-24T19:00:00.000Z',
            lines: [{ index: 0, quantity: 1, name: 'Lamb biryani' }],
          },
        ],
        refundable: 1600,
      }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Yes, refund £11.90' }));
    // The order comes back with less left to refund (the form is drawn anew) and the manager
    // still reads that the refund was made.
    expect(await screen.findByRole('heading', { name: 'Refund (up to £16.00)' })).toBeTruthy();
    expect(screen.getByText('Refund made: the customer has been told.')).toBeTruthy();
    expect(within(screen.getByTestId('order-refunds')).getByText(/1 × Lamb biryani/)).toBeTruthy();
    const posted = wire.sent.find((c) => c.method === 'POST')!;
    expect(posted.body).toEqual({
      amount: 1190,
      reason: 'Cold',
      lines: [{ index: 0, quantity: 1 }],
    });
    expect(posted.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('offers only what is left of a partly refunded line, and nothing of a line refunded in full', async () => {
    const user = userEvent.setup();
    renderAt('/admin/orders/o1042', 'manager', {
      '/api/admin/orders/o1042': ok(
        detail({
          refundable: 1190,
          refunded_lines: [
            { index: 0, quantity: 1 },
            { index: 1, quantity: 1 },
          ],
        }),
      ),
    });
    const lamb = await screen.findByRole('group', { name: /^2 × Lamb biryani/ });
    expect(lamb.closest('li')!.textContent).toContain('1 refunded already, 1 left');
    // By keyboard: Enter on +, twice (the second goes past what is left and does nothing), then
    // back to − and Enter.
    const more = within(lamb).getByRole('button', { name: 'Refund one more Lamb biryani' });
    more.focus();
    await user.keyboard('{Enter}{Enter}');
    expect(within(lamb).getByRole('status').textContent).toBe('1');
    expect(more.getAttribute('aria-disabled')).toBe('true');
    expect(document.activeElement).toBe(more);
    await user.keyboard('{Shift>}{Tab}{/Shift}{Enter}');
    expect(within(lamb).getByRole('status').textContent).toBe('0');
    // The naan was refunded in full: it says so, and there is nothing to press for it.
    const form = screen.getByRole('form', { name: 'Refund (up to £11.90)' });
    const naan = within(form)
      .getByText(/^1 × Garlic naan/)
      .closest('li')!;
    expect(naan.textContent).toContain('Refunded');
    expect(within(naan).queryByRole('button')).toBeNull();
  });

  it('keeps the refund off until it is worth something, within what is left, with a reason', async () => {
    const user = userEvent.setup();
    const wire = renderAt('/admin/orders/o1042', 'manager', {
      '/api/admin/orders/o1042': ok(detail()),
    });
    await user.click(await screen.findByRole('button', { name: 'An amount' }));
    const pounds = screen.getByRole('spinbutton', { name: 'Amount in pounds' });
    await user.type(pounds, '30');
    await user.type(screen.getByLabelText('Reason (the customer is told the amount)'), 'Cold');
    const more = screen.getByRole('button', { name: 'Refund £30.00' }) as HTMLButtonElement;
    expect(more.disabled).toBe(true);
    await user.clear(pounds);
    await user.type(pounds, '5');
    expect(
      (screen.getByRole('button', { name: 'Refund £5.00' }) as HTMLButtonElement).disabled,
    ).toBe(false);
    await user.clear(screen.getByLabelText('Reason (the customer is told the amount)'));
    await user.type(screen.getByLabelText('Reason (the customer is told the amount)'), '   ');
    const noReason = screen.getByRole('button', { name: 'Refund £5.00' }) as HTMLButtonElement;
    expect(noReason.disabled).toBe(true);
    await user.click(noReason);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(wire.sent.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('says beside the refund button why it cannot be pressed, and never offers a negative amount', async () => {
    const user = userEvent.setup();
    renderAt('/admin/orders/o1042', 'manager', { '/api/admin/orders/o1042': ok(detail()) });
    const why = () =>
      screen.getByRole('button', { name: /^Refund( £.*)?$/ }).getAttribute('aria-describedby');
    const said = () => document.getElementById(why() ?? '')?.textContent;
    await screen.findByRole('heading', { name: 'Refund (up to £27.90)' });
    expect(said()).toBe('Choose the dishes to give back.');
    await user.click(screen.getByRole('button', { name: 'An amount' }));
    expect(said()).toBe('Enter the amount to give back.');
    // The discount typed as a minus: the button says no minus amount and why it is off.
    await user.type(screen.getByRole('spinbutton', { name: 'Amount in pounds' }), '-5');
    const button = screen.getByRole('button', { name: /^Refund( £.*)?$/ }) as HTMLButtonElement;
    expect(button.textContent).toBe('Refund');
    expect(button.disabled).toBe(true);
    expect(said()).toBe('The amount must be more than nothing.');
    await user.clear(screen.getByRole('spinbutton', { name: 'Amount in pounds' }));
    await user.type(screen.getByRole('spinbutton', { name: 'Amount in pounds' }), '5');
    expect(said()).toBe('Say why.');
    await user.type(screen.getByLabelText('Reason (the customer is told the amount)'), 'Late');
    const ready = screen.getByRole('button', { name: 'Refund £5.00' }) as HTMLButtonElement;
    expect(ready.disabled).toBe(false);
    expect(ready.getAttribute('aria-describedby')).toBeNull();
  });

  it('says why nothing can be refunded: refunded in full, or a cash order not yet paid', async () => {
    renderAt('/admin/orders/o1042', 'manager', {
      '/api/admin/orders/o1042': ok(
        detail({
          refundable: 0,
          payments: [
            {
              method: 'card',
              provider: 'stripe',
              status: 'succeeded',
              amount: 2790,
              refunded: 2790,
            },
          ],
        }),
      ),
    });
    expect((await screen.findByTestId('no-refund')).textContent).toBe(
      'Refunded in full: £27.90 was given back.',
    );
    cleanup();
    renderAt('/admin/orders/o1042', 'manager', {
      '/api/admin/orders/o1042': ok(
        detail({
          status: 'ready',
          payment: { method: 'cash', status: 'pay_on_collection', paid: false, to_collect: 2790 },
          refundable: 0,
          payments: [
            {
              method: 'cash',
              provider: 'cash',
              status: 'pay_on_collection',
              amount: 2790,
              refunded: 0,
            },
          ],
        }),
      ),
    });
    expect((await screen.findByTestId('no-refund')).textContent).toBe(
      'Nothing to refund yet: a cash order can be refunded once it is completed and paid.',
    );
    expect(screen.queryByRole('button', { name: /^Refund/ })).toBeNull();
  });

  it('shows the server’s refusal when the refund passes what is left', async () => {
    const user = userEvent.setup();
    const wire = renderAt('/admin/orders/o1042', 'manager', {
      '/api/admin/orders/o1042': ok(detail()),
    });
    await user.click(await screen.findByRole('button', { name: 'Whole order' }));
    await user.type(screen.getByLabelText('Reason (the customer is told the amount)'), 'Late');
    await user.click(screen.getByRole('button', { name: 'Refund £27.90' }));
    wire.answers['/api/admin/orders/o1042/refunds'] = {
      status: 409,
      body: { status: 409, message: 'That is more than is left to refund: at most £0.00.' },
    };
    await user.click(screen.getByRole('button', { name: 'Yes, refund £27.90' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'That is more than is left to refund: at most £0.00.',
    );
  });

  it('lists refunds made, and offers no refund form to a member of staff', async () => {
    const refunded = detail({
      refundable: 1600,
      refunds: [
        {
          id: 'r1',
          order_id: 'o1042',
          amount: 1190,
          reason: 'Cold',
          lines: [{ index: 0, quantity: 1, name: 'Lamb biryani' }],
          method: 'card',
          status: 'succeeded',
          created_by: 'priya@shop.test',
          created_at: '2026-11-24T19:00:00.000Z',
        },
      ],
    });
    renderAt('/admin/orders/o1042', 'staff', { '/api/admin/orders/o1042': ok(refunded) });
    const list = await screen.findByTestId('order-refunds');
    expect(list.textContent).toContain(
      '£11.90 card · succeeded · Cold · priya@shop.test · 1 × Lamb biryani',
    );
    expect(screen.queryByRole('form', { name: /Refund/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Refund/ })).toBeNull();
  });
});
