import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StaffSession } from '@servery/contract/staff';
import {
  ROLE_PERMISSIONS,
  STAFF_SIGNED_IN_COOKIE,
  type StaffRole,
} from '@servery/contract/staff-roles';
import { stubApiWire, type WireAnswer } from '../lib/testing/api-wire.ts';
import { AdminApp } from './admin-app.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const session = (role: StaffRole): StaffSession => ({
  staff: { id: 's1', email: 'priya@shop.test', name: 'Priya Shah', role },
  permissions: [...ROLE_PERMISSIONS[role]],
  stores: [{ id: 'st1', name: 'Camden' }],
  whole_shop: true,
  shop: { name: 'Tandoor Lane', timeZone: 'Europe/London' },
  expires_at: '2099-01-01T00:00:00.000Z',
});
const ok = (data: unknown, message = 'OK'): WireAnswer => ({
  status: 200,
  body: { status: 200, message, data },
});
const signedOut: WireAnswer = {
  status: 401,
  body: { status: 401, message: 'Please sign in to the staff application.' },
};

function renderAdmin() {
  render(
    <MemoryRouter initialEntries={['/admin']}>
      <Routes>
        <Route path="/admin/*" element={<AdminApp />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('the staff application', () => {
  it('asks a signed-out person for their address, then the code, then shows their home', async () => {
    const user = userEvent.setup();
    const wire = stubApiWire({
      '/api/admin/session': signedOut,
      '/api/admin/session/code': ok(
        null,
        'If this address belongs to a member of staff, a code is on its way.',
      ),
    });
    renderAdmin();
    const email = await screen.findByRole('textbox', { name: 'Work e-mail address' });
    // Focus, and the form's answers, come after renders of their own: waited for, not assumed
    // (a shuffled run on a loaded machine read them a render early).
    await waitFor(() => expect(document.activeElement).toBe(email));
    await user.click(screen.getByRole('button', { name: 'Send me a code' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('Enter your work e-mail address.'),
    );
    expect(wire.sent.filter((c) => c.path === '/api/admin/session/code')).toHaveLength(0);

    await user.type(email, 'priya@shop.test');
    await user.click(screen.getByRole('button', { name: 'Send me a code' }));
    const code = await screen.findByRole('textbox', { name: '6-digit code' });
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toContain('a code is on its way'),
    );
    await user.type(code, '12a34');
    expect((code as HTMLInputElement).value).toBe('1234');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('Enter the 6-digit code from the e-mail.'),
    );

    wire.answers['/api/admin/session'] = ok(session('staff'), 'Signed in as Priya Shah.');
    await user.type(code, '56');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await screen.findByRole('heading', { name: 'Hello, Priya' });
    expect(
      wire.sent.find((c) => c.method === 'POST' && c.path === '/api/admin/session')?.body,
    ).toEqual({
      email: 'priya@shop.test',
      otp: '123456',
    });
    // Staff see neither the staff list nor the audit log.
    const nav = screen.getByRole('navigation', { name: 'Staff sections' });
    expect(within(nav).queryByRole('link', { name: 'Staff' })).toBeNull();
    expect(within(nav).queryByRole('link', { name: 'Audit log' })).toBeNull();
    expect(within(nav).queryByRole('link', { name: 'Subscribers' })).toBeNull();
    expect(screen.getByText('Your stores: Camden.')).toBeTruthy();
  });

  it('shows a browser without a session the sign-in screen without asking the server', async () => {
    // The server's readable hint beside its session cookie is not there (decision 83): this
    // browser never signed in, or signed out. Even at the desk, which otherwise asks for its
    // orders beside the session, nothing is asked that would answer a 401.
    document.cookie = `${STAFF_SIGNED_IN_COOKIE}=; max-age=0; path=/`;
    window.history.replaceState(null, '', '/admin/desk');
    try {
      const wire = stubApiWire({ '/api/admin/session': signedOut });
      renderAdmin();
      await screen.findByRole('textbox', { name: 'Work e-mail address' });
      expect(wire.sent).toEqual([]);
    } finally {
      window.history.replaceState(null, '', '/');
      document.cookie = `${STAFF_SIGNED_IN_COOKIE}=1; path=/`;
    }
  });

  it('shows an owner the staff and audit sections', async () => {
    stubApiWire({ '/api/admin/session': ok(session('owner')) });
    renderAdmin();
    const nav = await screen.findByRole('navigation', { name: 'Staff sections' });
    expect(within(nav).getByRole('link', { name: 'Staff' }).getAttribute('href')).toBe(
      '/admin/staff',
    );
    expect(within(nav).getByRole('link', { name: 'Audit log' })).toBeTruthy();
    expect(within(nav).getByRole('link', { name: 'Subscribers' })).toBeTruthy();
  });

  it('puts a refused code’s message on the screen', async () => {
    const user = userEvent.setup();
    stubApiWire({
      '/api/admin/session': {
        status: 400,
        body: { status: 400, message: 'That code is not right, or it has expired.' },
      },
      '/api/admin/session/code': ok(null, 'A code is on its way.'),
    });
    renderAdmin();
    await user.type(await screen.findByRole('textbox', { name: 'Work e-mail address' }), 'a@b.co');
    await user.click(screen.getByRole('button', { name: 'Send me a code' }));
    await user.type(await screen.findByRole('textbox', { name: '6-digit code' }), '000000');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'That code is not right, or it has expired.',
    );
  });
});
