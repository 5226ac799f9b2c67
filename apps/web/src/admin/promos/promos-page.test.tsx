import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminPromo } from '@servery/contract/shop-editor';
import type { StaffSession } from '@servery/contract/staff';
import { ROLE_PERMISSIONS } from '@servery/contract/staff-roles';
import { stubApiWire, type WireAnswer } from '../../lib/testing/api-wire.ts';
import { createAdminState } from '../admin-state.ts';
import { PromosPage } from './promos-page.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const ok = (data: unknown, status = 200, message = 'OK'): WireAnswer => ({
  status,
  body: { status, message, data },
});
const session = ok({
  staff: { id: 's1', email: 'priya@shop.test', name: 'Priya Shah', role: 'manager' },
  permissions: [...ROLE_PERMISSIONS.manager],
  stores: [
    { id: '5d0c1f6e-8a3b-4c2d-9e1f-000000000001', name: 'Camden' },
    { id: '5d0c1f6e-8a3b-4c2d-9e1f-000000000002', name: 'Shoreditch' },
  ],
  whole_shop: true,
  shop: { name: 'Tandoor Lane', timeZone: 'Europe/London' },
  expires_at: '2099-01-01T00:00:00.000Z',
} satisfies StaffSession);
const promo = (overrides: Partial<AdminPromo> = {}): AdminPromo => ({
  id: 'p1',
  code: 'WELCOME10',
  description: '10% off',
  kind: 'percent',
  value: 10,
  minimum_order: 1500,
  starts_at: null,
  ends_at: null,
  total_limit: null,
  per_customer_limit: 1,
  store_ids: [],
  first_order_only: false,
  public: true,
  uses: 3,
  state: 'active',
  version: 2,
  editable: true,
  ...overrides,
});

function renderPage() {
  render(
    <Provider store={createAdminState()}>
      <PromosPage />
    </Provider>,
  );
}

describe('the promo codes screen', () => {
  it('lists a shop-wide code read-only for a manager of one store', async () => {
    // Walk 2, item 11: "No promo codes yet." while the shop-wide codes applied at his store.
    stubApiWire({
      '/api/admin/session': session,
      '/api/admin/promos': ok([promo({ editable: false }), promo({ id: 'p2', code: 'CAMDEN5' })]),
    });
    renderPage();
    const welcome = (await screen.findByRole('heading', { name: 'WELCOME10' })).closest('li')!;
    expect(welcome.textContent).toContain(
      'Also applies at stores you do not work in: an owner changes it.',
    );
    expect(screen.queryByRole('button', { name: 'Change WELCOME10' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'End WELCOME10 now' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Change CAMDEN5' })).toBeTruthy();
    expect(screen.queryByText('No promo codes yet.')).toBeNull();
  });

  it('makes a code with the contract’s body: pence, limits and stores', async () => {
    const user = userEvent.setup();
    const wire = stubApiWire({
      '/api/admin/session': session,
      '/api/admin/promos': ok([]),
    });
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'New code' }));
    await user.type(screen.getByLabelText('Code'), 'camden5');
    await user.type(screen.getByLabelText('What it gives'), '£5 off at Camden');
    await user.click(screen.getByRole('radio', { name: 'Amount off' }));
    await user.clear(screen.getByLabelText('Amount (£)'));
    await user.type(screen.getByLabelText('Amount (£)'), '5');
    await user.clear(screen.getByLabelText('Minimum order (£)'));
    await user.type(screen.getByLabelText('Minimum order (£)'), '20.50');
    await user.type(screen.getByLabelText('Uses in all'), '100');
    await user.click(screen.getByRole('checkbox', { name: 'Camden' }));
    await user.click(screen.getByRole('checkbox', { name: 'First order only' }));
    // The wire answers by path: the list read again after the save gets the same answer.
    wire.answers['/api/admin/promos'] = ok([promo({ code: 'CAMDEN5' })], 201, 'CAMDEN5 is saved.');
    await user.click(screen.getByRole('button', { name: 'Save the code' }));
    await screen.findByText('CAMDEN5 is saved.');
    expect(await screen.findByRole('heading', { name: 'CAMDEN5' })).toBeTruthy();
    expect(wire.sent.find((c) => c.method === 'POST')?.body).toEqual({
      code: 'CAMDEN5',
      description: '£5 off at Camden',
      kind: 'fixed',
      value: 500,
      minimum_order: 2050,
      starts_at: null,
      ends_at: null,
      total_limit: 100,
      per_customer_limit: 1,
      store_ids: ['5d0c1f6e-8a3b-4c2d-9e1f-000000000001'],
      first_order_only: true,
      public: true,
    });
  }, 30_000);

  it('refuses what the contract refuses before sending anything', async () => {
    const user = userEvent.setup();
    const wire = stubApiWire({ '/api/admin/session': session, '/api/admin/promos': ok([]) });
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'New code' }));
    await user.type(screen.getByLabelText('Code'), 'X');
    await user.clear(screen.getByLabelText('Percentage'));
    await user.type(screen.getByLabelText('Percentage'), '150');
    await user.click(screen.getByRole('button', { name: 'Save the code' }));
    expect(await screen.findByText('A percentage must be at most 100')).toBeTruthy();
    expect(screen.getByText('Use 3 to 20 letters and digits, such as WELCOME10')).toBeTruthy();
    expect(screen.getByLabelText('Code').getAttribute('aria-invalid')).toBe('true');
    expect(wire.sent.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('sends the version it read, and shows a colleague’s change after a stale save', async () => {
    const user = userEvent.setup();
    const wire = stubApiWire({
      '/api/admin/session': session,
      '/api/admin/promos': ok([promo()]),
      '/api/admin/promos/p1': {
        status: 409,
        body: {
          status: 409,
          message: 'WELCOME10 was changed by someone else since you opened it.',
          data: null,
          current: promo({ description: 'Ten percent off', version: 3 }),
        },
      },
    });
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Change WELCOME10' }));
    await user.clear(screen.getByLabelText('What it gives'));
    await user.type(screen.getByLabelText('What it gives'), 'Mine');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await screen.findByText(/changed by someone else/);
    expect(wire.sent.find((c) => c.method === 'PATCH')?.body).toMatchObject({
      description: 'Mine',
      version: 2,
    });
    // The form takes the colleague's values in the render after the answer.
    await waitFor(() =>
      expect((screen.getByLabelText('What it gives') as HTMLInputElement).value).toBe(
        'Ten percent off',
      ),
    );
  });

  it('ends a code once asked, and a stray tap kept keeps it running', async () => {
    const user = userEvent.setup();
    const wire = stubApiWire({
      '/api/admin/session': session,
      '/api/admin/promos': ok([promo()]),
      '/api/admin/promos/p1': ok(promo({ state: 'ended' }), 200, 'WELCOME10 has ended.'),
    });
    renderPage();
    const endNow = await screen.findByRole('button', { name: 'End WELCOME10 now' });
    await user.click(endNow);
    await user.click(screen.getByRole('button', { name: 'Keep it running' }));
    expect(wire.sent.filter((c) => c.method === 'PATCH')).toEqual([]);

    await user.click(endNow);
    expect(screen.getByRole('dialog', { name: 'End WELCOME10 now?' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Yes, end WELCOME10' }));
    await screen.findByText('WELCOME10 has ended.');
    const sent = wire.sent.find((c) => c.method === 'PATCH')?.body as Record<string, unknown>;
    expect(sent.version).toBe(2);
    expect(typeof sent.ends_at).toBe('string');
  });
});
