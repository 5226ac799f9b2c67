import { cleanup, render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StaffSession } from '@servery/contract/staff';
import { ROLE_PERMISSIONS } from '@servery/contract/staff-roles';
import { stubApiWire } from '../../lib/testing/api-wire.ts';
import { createAdminState } from '../admin-state.ts';
import { LiveEventsProvider } from '../live/live-events-provider.tsx';
import { DeskPage } from './desk-page.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const session: StaffSession = {
  staff: { id: 's1', email: 'priya@shop.test', name: 'Priya Shah', role: 'staff' },
  permissions: [...ROLE_PERMISSIONS.staff],
  stores: [{ id: 'st1', name: 'Camden' }],
  shop: { name: 'Tandoor Lane', timeZone: 'Europe/London' },
  expires_at: '2099-01-01T00:00:00.000Z',
};

describe('the desk when its list cannot be read', () => {
  it('says it is loading, then why the list failed, and draws no empty columns', async () => {
    let answer!: () => void;
    const after = new Promise<void>((resolve) => (answer = resolve));
    const message = 'Something went wrong on our side. Please try again. (Reference r-1)';
    stubApiWire({
      '/api/admin/session': { status: 200, body: { status: 200, message: 'OK', data: session } },
      '/api/admin/orders': { status: 500, body: { status: 500, message, data: null }, after },
    });
    render(
      <Provider store={createAdminState()}>
        <LiveEventsProvider>
          <DeskPage />
        </LiveEventsProvider>
      </Provider>,
    );
    expect(await screen.findByText('Loading the open orders…')).toBeTruthy();
    answer();
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    expect(screen.queryByText('Loading the open orders…')).toBeNull();
    // "Nothing here." under four headings would tell the kitchen there are no orders.
    expect(screen.queryByRole('heading', { level: 2 })).toBeNull();
    expect(screen.queryByText('Nothing here.')).toBeNull();
  });
});
