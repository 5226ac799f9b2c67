import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StoreAutomation, StoreZones } from '@servery/contract/shop-editor';
import type { StaffSession } from '@servery/contract/staff';
import { ROLE_PERMISSIONS } from '@servery/contract/staff-roles';
import { stubApiWire, type WireAnswer } from '../../lib/testing/api-wire.ts';
import { createAdminState } from '../admin-state.ts';
import { StoreSettingsPage } from './store-settings-page.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const ok = (data: unknown, message = 'OK'): WireAnswer => ({
  status: 200,
  body: { status: 200, message, data },
});
const session = ok({
  staff: { id: 's1', email: 'priya@shop.test', name: 'Priya Shah', role: 'owner' },
  permissions: [...ROLE_PERMISSIONS.owner],
  stores: [{ id: 'st1', name: 'Camden' }],
  whole_shop: true,
  shop: { name: 'Tandoor Lane', timeZone: 'Europe/London' },
  expires_at: '2099-01-01T00:00:00.000Z',
} satisfies StaffSession);
const zones = (overrides: Partial<StoreZones> = {}): StoreZones => ({
  store_id: 'st1',
  store_name: 'Camden',
  delivers: true,
  delivery_minutes: 20,
  zones: [{ area: 'E1', fee: 250, minimum_order: 1500, travel_minutes: null }],
  version: 4,
  ...overrides,
});
const automation = (overrides: Partial<StoreAutomation> = {}): StoreAutomation => ({
  store_id: 'st1',
  store_name: 'Camden',
  slot_cap: null,
  slot_cap_unit: 'orders',
  auto_accept_minutes: null,
  auto_print: false,
  version: 7,
  ...overrides,
});

function renderPage() {
  render(
    <Provider store={createAdminState()}>
      <StoreSettingsPage />
    </Provider>,
  );
}

describe('the Delivery & capacity screen', () => {
  it('saves zones in pence with the version read, and previews a postcode', async () => {
    const user = userEvent.setup();
    const wire = stubApiWire({
      '/api/admin/session': session,
      '/api/admin/stores/st1/zones': ok(zones()),
      '/api/admin/stores/st1/automation': ok(automation()),
      '/api/admin/stores/st1/zones/preview': ok({
        postcode: 'E1 6RL',
        delivers: true,
        area: 'E1 6',
        fee: 99,
        minimum_order: 1000,
        travel_minutes: 10,
      }),
    });
    renderPage();
    await screen.findByRole('heading', { name: 'Delivery & capacity: Camden' });
    await user.click(await screen.findByRole('button', { name: 'Add a zone' }));
    await user.type(
      screen.getByLabelText('District or sector', { selector: '#zone-1-area' }),
      'e1 6',
    );
    const fee = screen.getByLabelText('Fee (£)', { selector: '#zone-1-fee' });
    await user.clear(fee);
    await user.type(fee, '0.99');
    const minimum = screen.getByLabelText('Minimum (£)', { selector: '#zone-1-minimum_order' });
    await user.clear(minimum);
    await user.type(minimum, '10');
    await user.type(
      screen.getByLabelText('Minutes on the road', { selector: '#zone-1-travel_minutes' }),
      '10',
    );
    await user.click(screen.getByRole('button', { name: 'Save zones' }));
    await vi.waitFor(() => expect(wire.sent.some((c) => c.method === 'PUT')).toBe(true));
    expect(wire.sent.find((c) => c.method === 'PUT')?.body).toEqual({
      zones: [
        { area: 'E1', fee: 250, minimum_order: 1500, travel_minutes: null },
        { area: 'E1 6', fee: 99, minimum_order: 1000, travel_minutes: 10 },
      ],
      version: 4,
    });

    await user.type(screen.getByLabelText('Postcode'), 'E1 6RL');
    await user.click(screen.getByRole('button', { name: 'Check' }));
    expect(
      await screen.findByText(
        'E1 6RL: delivered (zone E1 6) for £0.99, minimum order £10.00, 10 minutes on the road.',
      ),
    ).toBeTruthy();
  }, 30_000);

  it('lays the zones out as a table: the labels once as headings, each input still labelled', async () => {
    stubApiWire({
      '/api/admin/session': session,
      '/api/admin/stores/st1/zones': ok(
        zones({
          zones: [
            { area: 'E1', fee: 250, minimum_order: 1500, travel_minutes: null },
            { area: 'E2', fee: 299, minimum_order: 1500, travel_minutes: 25 },
          ],
        }),
      ),
      '/api/admin/stores/st1/automation': ok(automation()),
    });
    renderPage();
    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['District or sector', 'Fee (£)', 'Minimum (£)', 'Minutes on the road', 'Remove']);
    const [, ...zoneRows] = within(table).getAllByRole('row');
    expect(zoneRows).toHaveLength(2);
    // Every input keeps a label of its own (visually hidden beside the headings on a tablet).
    const second = within(zoneRows[1]!);
    expect((second.getByLabelText('District or sector') as HTMLInputElement).value).toBe('E2');
    expect((second.getByLabelText('Fee (£)') as HTMLInputElement).value).toBe('2.99');
    expect((second.getByLabelText('Minimum (£)') as HTMLInputElement).value).toBe('15.00');
    expect((second.getByLabelText('Minutes on the road') as HTMLInputElement).value).toBe('25');
    expect(second.getByRole('button', { name: 'Remove zone 2' })).toBeTruthy();
  });

  it('names the shop’s own currency in the money columns, as the menu editor does', async () => {
    localStorage.setItem('configData', JSON.stringify({ currency: { sign: '€' } }));
    try {
      stubApiWire({
        '/api/admin/session': session,
        '/api/admin/stores/st1/zones': ok(zones()),
        '/api/admin/stores/st1/automation': ok(automation()),
      });
      renderPage();
      const table = await screen.findByRole('table');
      expect(
        within(table)
          .getAllByRole('columnheader')
          .map((th) => th.textContent),
      ).toEqual(['District or sector', 'Fee (€)', 'Minimum (€)', 'Minutes on the road', 'Remove']);
      expect((within(table).getByLabelText('Fee (€)') as HTMLInputElement).value).toBe('2.50');
    } finally {
      localStorage.removeItem('configData');
    }
  });

  it('saves the slot cap and auto-accept, and shows the current values after a stale save', async () => {
    const user = userEvent.setup();
    const wire = stubApiWire({
      '/api/admin/session': session,
      '/api/admin/stores/st1/zones': ok(zones()),
      '/api/admin/stores/st1/automation': ok(automation()),
    });
    renderPage();
    await user.type(await screen.findByLabelText('Most per 15 minutes'), '6');
    await user.click(screen.getByRole('radio', { name: 'Dishes' }));
    await user.click(screen.getByRole('checkbox', { name: 'Accept paid orders automatically' }));
    await user.clear(screen.getByLabelText('Ready in (minutes)'));
    await user.type(screen.getByLabelText('Ready in (minutes)'), '25');
    await user.click(
      screen.getByRole('checkbox', { name: 'Print the kitchen ticket when an order is accepted' }),
    );
    wire.answers['/api/admin/stores/st1/automation'] = {
      status: 409,
      body: {
        status: 409,
        message: 'Camden’s settings were changed by someone else since you opened them.',
        data: null,
        current: automation({ slot_cap: 3, version: 8 }),
      },
    };
    await user.click(screen.getByRole('button', { name: 'Save capacity and automation' }));
    // Said beside Save, and read out (walk 2, finding 30).
    const said = await screen.findByText(/changed by someone else/);
    expect(said.getAttribute('role')).toBe('alert');
    expect(said.nextElementSibling).toBe(
      screen.getByRole('button', { name: 'Save capacity and automation' }),
    );
    expect(wire.sent.find((c) => c.method === 'PATCH')?.body).toEqual({
      slot_cap: 6,
      slot_cap_unit: 'dishes',
      auto_accept_minutes: 25,
      auto_print: true,
      version: 7,
    });
    expect((screen.getByLabelText('Most per 15 minutes') as HTMLInputElement).value).toBe('3');
  }, 30_000);

  it('refuses a cap of 0 with the contract’s words before sending', async () => {
    const user = userEvent.setup();
    const wire = stubApiWire({
      '/api/admin/session': session,
      '/api/admin/stores/st1/zones': ok(zones()),
      '/api/admin/stores/st1/automation': ok(automation()),
    });
    renderPage();
    await user.type(await screen.findByLabelText('Most per 15 minutes'), '0');
    await user.click(screen.getByRole('button', { name: 'Save capacity and automation' }));
    expect(await screen.findByText('At least 1, or no cap')).toBeTruthy();
    expect(wire.sent.filter((c) => c.method === 'PATCH')).toEqual([]);
  });

  it('says a refused zone or cap in plain words, a fee’s limit in pounds (walk2 item 12)', async () => {
    const user = userEvent.setup();
    const wire = stubApiWire({
      '/api/admin/session': session,
      '/api/admin/stores/st1/zones': ok(
        zones({
          zones: [
            { area: 'E1', fee: 250, minimum_order: 1500, travel_minutes: null },
            { area: 'E2', fee: 299, minimum_order: 1500, travel_minutes: null },
          ],
        }),
      ),
      '/api/admin/stores/st1/automation': ok(automation()),
    });
    renderPage();
    const typeIn = async (selector: string, text: string) => {
      const input = await screen.findByLabelText(/./, { selector });
      await user.clear(input);
      await user.type(input, text);
    };
    await typeIn('#zone-0-fee', '-2');
    await typeIn('#zone-0-minimum_order', 'abc');
    await typeIn('#zone-1-fee', '99999');
    // A tenth of a penny is not money either (it was rounded to 9.00 before lib/pounds.ts).
    await typeIn('#zone-1-minimum_order', '8.999');
    await user.click(screen.getByRole('button', { name: 'Save zones' }));
    expect(await screen.findByText('Enter 0 or more')).toBeTruthy();
    expect(screen.getByText('At most £10,000.00')).toBeTruthy();
    expect(screen.getAllByText('Enter an amount such as 8.95').map((p) => p.id)).toEqual([
      'zone-0-minimum_order-error',
      'zone-1-minimum_order-error',
    ]);

    await typeIn('#slot-cap', '2.5');
    await user.click(screen.getByRole('button', { name: 'Save capacity and automation' }));
    expect(await screen.findByText('Enter a whole number')).toBeTruthy();
    await typeIn('#slot-cap', '100000');
    await user.click(screen.getByRole('button', { name: 'Save capacity and automation' }));
    expect(await screen.findByText('At most 1000')).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/expected|Too (small|big)|Invalid input/);
    expect(wire.sent.filter((c) => c.method !== 'GET')).toEqual([]);
  }, 30_000);
});
