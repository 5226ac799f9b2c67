import type { Address } from '@servery/contract/address';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestStore, stubApiWire, type Wire } from '../../../lib/testing/api-wire.ts';
import { signIn, signOut } from '../../../lib/session.ts';
import { toasts } from '../../../lib/toast.ts';
import { AddressForm } from './address-form.tsx';

const saved: Address = {
  id: '2f1c7c56-0f7e-4b8e-9a36-0d1f5c8e9a11',
  label: 'Home',
  address_line1: '12 Fournier Street',
  address_line2: '',
  city: 'London',
  postcode: 'E1 6QE',
  district: 'E1',
  instructions: '',
  is_default: true,
};

let wire: Wire;
beforeEach(() => {
  wire = stubApiWire();
  signIn({
    token: 'token-1',
    expires_at: '2099-01-01T00:00:00.000Z',
    customer: {
      id: 'c1',
      first_name: 'Priya',
      last_name: '',
      email: 'priya@example.com',
      phone: null,
      email_verified: true,
      phone_verified: false,
      marketing_consent: false,
      referral_code: 'PRIYA234',
    },
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  signOut();
  toasts.set([]);
});

function renderForm(props: Partial<Parameters<typeof AddressForm>[0]> = {}) {
  const onSaved = vi.fn();
  render(
    <Provider store={createTestStore()}>
      <AddressForm idPrefix="t" title="Add an address" onSaved={onSaved} {...props} />
    </Provider>,
  );
  return onSaved;
}
const box = (name: string) => screen.getByRole('textbox', { name });
const toastTexts = () => toasts.get().map((t) => [t.kind, t.message]);
const calls = () => wire.sent.filter((c) => c.path.startsWith('/api/customer-addresses'));

describe('the address form', () => {
  it('asks for a UK postcode before anything is sent, and sends it written the Royal Mail way', async () => {
    wire.answers['/api/customer-addresses'] = {
      status: 201,
      body: { status: 201, message: 'Address added.', data: saved },
    };
    const onSaved = renderForm();
    await userEvent.type(box('Address'), '12 Fournier Street');
    await userEvent.type(box('Town or city'), 'London');
    await userEvent.type(box('Postcode'), 'E1 ABC');
    await userEvent.click(screen.getByRole('button', { name: 'Add address' }));
    expect(await screen.findByText('Enter a UK postcode, such as E1 6AN')).toBeTruthy();
    expect(box('Postcode').getAttribute('aria-invalid')).toBe('true');
    expect(box('Postcode').getAttribute('aria-describedby')).toBe(
      't-postcode-hint t-postcode-error',
    );
    expect(calls()).toEqual([]);

    await userEvent.clear(box('Postcode'));
    await userEvent.type(box('Postcode'), ' e16qe ');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Make this my default address' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add address' }));
    await vi.waitFor(() => expect(onSaved).toHaveBeenCalledWith(saved));
    expect(calls()).toEqual([
      {
        method: 'POST',
        path: '/api/customer-addresses',
        authorization: 'Bearer token-1',
        body: {
          label: '',
          address_line1: '12 Fournier Street',
          address_line2: '',
          city: 'London',
          postcode: 'E1 6QE',
          instructions: '',
          is_default: true,
        },
      },
    ]);
    expect(toastTexts()).toContainEqual(['success', 'Address added.']);
  });

  it('edits with PUT, puts the server’s field errors on their fields, and toasts other refusals', async () => {
    const path = `/api/customer-addresses/${saved.id}`;
    wire.answers[path] = {
      status: 400,
      body: {
        status: 400,
        message: 'City is too long',
        errors: { city: 'Town or city should be at most 80 characters' },
      },
    };
    const onSaved = renderForm({ address: saved, title: 'Edit Home' });
    expect(box('Address')).toHaveProperty('value', '12 Fournier Street');
    await userEvent.click(screen.getByRole('button', { name: 'Save address' }));
    expect(await screen.findByText('Town or city should be at most 80 characters')).toBeTruthy();
    expect(calls()[0]).toMatchObject({ method: 'PUT', path });

    wire.answers[path] = {
      status: 422,
      body: { status: 422, message: 'You can keep up to 20 addresses.' },
    };
    await userEvent.click(screen.getByRole('button', { name: 'Save address' }));
    await vi.waitFor(() =>
      expect(toastTexts()).toContainEqual(['error', 'You can keep up to 20 addresses.']),
    );
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('starts a new address with what the page suggests, which the customer can change', async () => {
    wire.answers['/api/customer-addresses'] = {
      status: 201,
      body: { status: 201, message: 'Address added.', data: saved },
    };
    const onSaved = renderForm({ suggested: { city: 'London', postcode: 'E1 6QE' } });
    expect(box('Town or city')).toHaveProperty('value', 'London');
    expect(box('Postcode')).toHaveProperty('value', 'E1 6QE');
    expect(box('Address')).toHaveProperty('value', '');
    await userEvent.type(box('Address'), '12 Fournier Street');
    await userEvent.clear(box('Town or city'));
    await userEvent.type(box('Town or city'), 'Spitalfields');
    await userEvent.click(screen.getByRole('button', { name: 'Add address' }));
    await vi.waitFor(() => expect(onSaved).toHaveBeenCalledWith(saved));
    expect(calls()[0]!.body).toMatchObject({
      address_line1: '12 Fournier Street',
      city: 'Spitalfields',
      postcode: 'E1 6QE',
    });
  });
});
