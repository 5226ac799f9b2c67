import type { Customer } from '@servery/contract/auth';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestStore, stubApiWire, type Wire } from '../../../lib/testing/api-wire.ts';
import { currentUserData, signIn, signOut } from '../../../lib/session.ts';
import { toasts } from '../../../lib/toast.ts';
import { YourData } from './your-data.tsx';

const customer: Customer = {
  id: 'c1',
  first_name: 'Priya',
  last_name: 'Shah',
  email: 'priya@example.com',
  phone: null,
  email_verified: true,
  phone_verified: false,
  marketing_consent: false,
  referral_code: 'PRIYA234',
};

let wire: Wire;
beforeEach(() => {
  wire = stubApiWire();
  signIn({ token: 'token-1', expires_at: '2099-01-01T00:00:00.000Z', customer });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  signOut();
  toasts.set([]);
});

function renderSection() {
  render(
    <Provider store={createTestStore()}>
      <MemoryRouter initialEntries={['/account']}>
        <Routes>
          <Route path="/account" element={<YourData />} />
          <Route path="/" element={<p>Home page</p>} />
        </Routes>
      </MemoryRouter>
    </Provider>,
  );
}

describe('your data on the account page', () => {
  it('downloads the export as a JSON file', async () => {
    const data = { profile: { id: 'c1', first_name: 'Priya' }, orders: [] };
    wire.answers['/api/customer/export'] = {
      status: 200,
      body: { status: 200, message: 'Your data.', data },
    };
    const blobs: Blob[] = [];
    vi.stubGlobal(
      'URL',
      Object.assign(URL, {
        createObjectURL: (blob: Blob) => {
          blobs.push(blob);
          return 'blob:export';
        },
        revokeObjectURL: () => {},
      }),
    );
    const clicked: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(this.download);
    });
    renderSection();
    await userEvent.click(screen.getByRole('button', { name: 'Download your data' }));
    await vi.waitFor(() => expect(clicked).toHaveLength(1));
    expect(clicked[0]).toMatch(/^my-data-\d{4}-\d{2}-\d{2}\.json$/);
    expect(JSON.parse(await blobs[0]!.text())).toEqual(data);
    expect(wire.sent.at(-1)).toMatchObject({
      method: 'GET',
      path: '/api/customer/export',
      authorization: 'Bearer token-1',
    });
    click.mockRestore();
  });

  it('asks before deleting, then deletes, signs out and goes home', async () => {
    wire.answers['/api/customer'] = {
      status: 200,
      body: { status: 200, message: 'Your account has been deleted.' },
    };
    renderSection();
    await userEvent.click(screen.getByRole('button', { name: 'Delete account' }));
    // Nothing is sent until the customer confirms; they can change their mind.
    expect(wire.sent).toEqual([]);
    const confirm = screen.getByRole('group', { name: 'Delete account' });
    expect(confirm.textContent).toContain('This cannot be undone.');
    await userEvent.click(screen.getByRole('button', { name: 'Keep my account' }));
    expect(screen.queryByRole('group', { name: 'Delete account' })).toBeNull();
    expect(wire.sent).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Delete account' }));
    await userEvent.click(screen.getByRole('button', { name: 'Yes, delete my account' }));
    await screen.findByText('Home page');
    expect(wire.sent).toEqual([
      { method: 'DELETE', path: '/api/customer', body: undefined, authorization: 'Bearer token-1' },
    ]);
    expect(currentUserData()).toBeNull();
    expect(toasts.get().map((t) => [t.kind, t.message])).toContainEqual([
      'success',
      'Your account has been deleted.',
    ]);
  });

  it('stays signed in and says why when the deletion fails', async () => {
    wire.answers['/api/customer'] = {
      status: 500,
      body: { status: 500, message: 'Something went wrong on our side.' },
    };
    renderSection();
    await userEvent.click(screen.getByRole('button', { name: 'Delete account' }));
    await userEvent.click(screen.getByRole('button', { name: 'Yes, delete my account' }));
    await vi.waitFor(() =>
      expect(toasts.get().map((t) => t.message)).toContain('Something went wrong on our side.'),
    );
    expect(currentUserData()?.token).toBe('token-1');
    expect(screen.queryByText('Home page')).toBeNull();
  });
});
