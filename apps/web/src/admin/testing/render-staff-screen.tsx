import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes } from 'react-router';
import type { StaffRole } from '@servery/contract/staff-roles';
import { stubApiWire, type WireAnswer } from '../../lib/testing/api-wire.ts';
import { createAdminState } from '../admin-state.ts';
import { ok, staffSession } from './staff-app-fakes.ts';

/**
 * A staff screen at `path` (its route `routePath`), signed in as `role`, with the server
 * answering `answers`: the wire, to read what the screen sent.
 */
export function renderStaffScreen(
  screen: { path: string; routePath: string; element: ReactElement },
  role: StaffRole,
  answers: Record<string, WireAnswer>,
) {
  const wire = stubApiWire({ '/api/admin/session': ok(staffSession(role)), ...answers });
  render(
    <Provider store={createAdminState()}>
      <MemoryRouter initialEntries={[screen.path]}>
        <Routes>
          <Route path={screen.routePath} element={screen.element} />
        </Routes>
      </MemoryRouter>
    </Provider>,
  );
  return wire;
}
