import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CustomerSummary } from '@servery/contract/back-office-shapes';
import type { StaffRole } from '@servery/contract/staff-roles';
import type { WireAnswer } from '../../lib/testing/api-wire.ts';
import { renderStaffScreen } from '../testing/render-staff-screen.tsx';
import { ok } from '../testing/staff-app-fakes.ts';
import { CustomersPage } from './customers-page.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

// Issue 29 point 5: the shop's customers, their orders, consent, and nothing of a deleted account.
const customer = (id: string, change: Partial<CustomerSummary> = {}): CustomerSummary => ({
  id,
  deleted: false,
  name: 'Mina Patel',
  email: 'mina@example.com',
  phone: '+447700900555',
  marketing_consent: true,
  orders: 3,
  total_spent: 6570,
  last_order_at: '2026-11-24T18:00:00.000Z',
  ...change,
});
const gone = customer('c2', {
  deleted: true,
  name: null,
  email: null,
  phone: null,
  marketing_consent: false,
  orders: 1,
  total_spent: 2190,
});
const page = (customers: CustomerSummary[], next: string | null) =>
  ok({ customers, next_cursor: next });

const renderAt = (path: string, role: StaffRole, answers: Record<string, WireAnswer>) =>
  renderStaffScreen(
    { path, routePath: '/admin/customers/*', element: <CustomersPage /> },
    role,
    answers,
  );

describe('the customers screen', () => {
  it('lists contact, consent, orders and money spent; a deleted account shows nothing personal', async () => {
    renderAt('/admin/customers', 'manager', {
      '/api/admin/customers': page([customer('c1'), gone], null),
    });
    const mina = await screen.findByRole('link', { name: /Mina Patel/ });
    expect(mina.textContent).toContain('mina@example.com · 07700 900555 · agreed to marketing');
    expect(mina.textContent).toContain('£65.70');
    expect(mina.textContent).toContain('3 orders · last');
    const deleted = screen.getByRole('link', { name: /Deleted account/ });
    expect(deleted.textContent).not.toMatch(/@|\+44/);
    expect(deleted.textContent).toContain('1 order');
  });

  it('searches, pages, and offers the CSV export to an owner only', async () => {
    const user = userEvent.setup();
    const wire = renderAt('/admin/customers', 'owner', {
      '/api/admin/customers': page([customer('c1')], 'next1'),
    });
    await screen.findByRole('link', { name: /Mina Patel/ });
    await user.type(screen.getByLabelText('Name, e-mail or phone'), 'patel');
    expect(wire.sent.at(-1)!.query).toEqual({ q: 'patel' });
    expect(screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toBe(
      '/api/admin/customers?format=csv&q=patel',
    );
    wire.answers['/api/admin/customers'] = page([customer('c3', { name: 'Ravi Patel' })], null);
    await user.click(await screen.findByRole('button', { name: 'Show more customers' }));
    expect(await screen.findByRole('link', { name: /Ravi Patel/ })).toBeTruthy();
    expect(wire.sent.at(-1)!.query).toEqual({ q: 'patel', cursor: 'next1' });
  });

  it('has no export for a manager', async () => {
    renderAt('/admin/customers', 'manager', { '/api/admin/customers': page([], null) });
    expect(await screen.findByText('No customer matches.')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Export CSV' })).toBeNull();
  });

  it('shows a customer’s orders with what was refunded, each a link to the order', async () => {
    renderAt('/admin/customers/c1', 'manager', {
      '/api/admin/customers/c1': ok({
        ...customer('c1'),
        order_history: [
          {
            id: 'o1042',
            number: 1042,
            status: 'completed',
            store: 'Camden',
            total: 2190,
            refunded: 1095,
            created_at: '2026-11-24T18:00:00.000Z',
          },
        ],
      }),
    });
    expect(await screen.findByRole('heading', { name: 'Mina Patel' })).toBeTruthy();
    const orders = screen.getByTestId('customer-orders');
    expect(orders.textContent).toContain('£21.90 · refunded £10.95');
    expect(screen.getByRole('link', { name: '#1042' }).getAttribute('href')).toBe(
      '/admin/orders/o1042',
    );
  });
});
