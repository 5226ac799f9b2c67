import type { Customer } from '@servery/contract/auth';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestStore, stubApiWire, type Wire } from '../../../lib/testing/api-wire.ts';
import { currentUserData, signIn, signOut } from '../../../lib/session.ts';
import { toasts } from '../../../lib/toast.ts';
import { ProfileForm } from './profile-form.tsx';

const customer: Customer = {
  id: 'c1',
  first_name: 'Priya',
  last_name: '',
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

function renderForm() {
  render(
    <Provider store={createTestStore()}>
      <ProfileForm customer={customer} />
    </Provider>,
  );
}
const save = () => userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
const toastTexts = () => toasts.get().map((t) => [t.kind, t.message]);

describe('the profile form', () => {
  it('shows the sign-in e-mail read-only with its note, and never sends it', async () => {
    wire.answers['/api/customer'] = {
      status: 200,
      body: {
        status: 200,
        message: 'Your details have been saved.',
        data: { ...customer, last_name: 'Shah', phone: '07700900123' },
      },
    };
    renderForm();
    const email = screen.getByRole('textbox', { name: 'Email' });
    expect(email.hasAttribute('readonly')).toBe(true);
    expect(email.getAttribute('aria-describedby')).toBe('profile-email-note');
    expect(screen.getByText('You sign in with this address.')).toBeTruthy();

    await userEvent.type(screen.getByRole('textbox', { name: 'Last name' }), 'Shah');
    await userEvent.type(screen.getByRole('textbox', { name: 'Phone' }), '07700 900-123');
    await save();
    await vi.waitFor(() =>
      expect(toastTexts()).toContainEqual(['success', 'Your details have been saved.']),
    );
    const call = wire.sent.find((c) => c.path === '/api/customer');
    expect(call).toMatchObject({ method: 'POST', authorization: 'Bearer token-1' });
    expect(call?.body).toEqual({
      first_name: 'Priya',
      last_name: 'Shah',
      phone: '07700900123',
      marketing_consent: false,
    });
    // The stored customer follows, so the menu greets them with what the server has.
    expect(currentUserData()?.customer.last_name).toBe('Shah');
  });

  it('puts the server’s field errors on their fields, and toasts the server’s message (product.md §8)', async () => {
    wire.answers['/api/customer'] = {
      status: 400,
      body: {
        status: 400,
        message: 'Check phone: This number belongs to another customer',
        errors: { phone: 'This number belongs to another customer' },
      },
    };
    renderForm();
    await userEvent.type(screen.getByRole('textbox', { name: 'Phone' }), '07700900123');
    await save();
    const message = await screen.findByText('This number belongs to another customer');
    const phone = screen.getByRole('textbox', { name: 'Phone' });
    expect(phone.getAttribute('aria-invalid')).toBe('true');
    expect(phone.getAttribute('aria-describedby')).toContain(message.id);
    expect(toastTexts()).toEqual([
      ['error', 'Check phone: This number belongs to another customer'],
    ]);

    wire.answers['/api/customer'] = {
      status: 400,
      body: {
        status: 400,
        message: 'Check email: You sign in with this email, so it cannot be changed here',
        errors: { email: 'You sign in with this email, so it cannot be changed here' },
      },
    };
    await save();
    await vi.waitFor(() =>
      expect(toastTexts()).toContainEqual([
        'error',
        'Check email: You sign in with this email, so it cannot be changed here',
      ]),
    );
  });

  it('checks the fields with the contract’s rules before calling the server', async () => {
    renderForm();
    await userEvent.clear(screen.getByRole('textbox', { name: 'First name' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Phone' }), '12ab');
    await save();
    expect(await screen.findByText('First name is required')).toBeTruthy();
    expect(screen.getByText('Enter a valid phone number')).toBeTruthy();
    expect(wire.sent.filter((c) => c.path === '/api/customer')).toEqual([]);
  });
});
