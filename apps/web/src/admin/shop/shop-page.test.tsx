import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ShopIdentity, StoreContact } from '@servery/contract/shop-identity';
import { stubApiWire, type WireAnswer } from '../../lib/testing/api-wire.ts';
import { createAdminState } from '../admin-state.ts';
import { ok, staffSession } from '../testing/staff-app-fakes.ts';
import { ShopPage } from './shop-page.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const camden = (overrides: Partial<StoreContact> = {}): StoreContact => ({
  store_id: 'st1',
  store_name: 'Camden',
  address_line1: '1 High Street',
  address_line2: '',
  city: 'London',
  postcode: 'NW1 7JR',
  phone: '020 7946 0001',
  direction_link: 'https://maps.example.com/?q=NW1',
  version: 'aaaaaaaaaaaaaaaa',
  ...overrides,
});
const identity = (overrides: Partial<ShopIdentity> = {}): ShopIdentity => ({
  websiteName: 'Tandoor Lane',
  colorPalatte: '#b3261e',
  SecondaryColorPalatte: '#f2a900',
  logo_style: 'wide',
  headerLogo: 'header-logo.svg',
  footerLogo: 'footer-logo.svg',
  favicon: 'favicon.svg',
  contactNumber: '020 7946 0000',
  supportEmail: 'hello@tandoor-lane.test',
  website: 'https://tandoor-lane.test',
  locationData: {
    addressLine1: '1 High Street',
    addressLine2: 'London NW1 7JR',
    directionLink: 'https://maps.example.com/?q=NW1',
  },
  version: '0123456789abcdef',
  editable: true,
  stores: [camden()],
  ...overrides,
});
const refusal = (status: number, body: object): WireAnswer => ({
  status,
  body: { status, data: null, ...body },
});

function renderPage(answers: Record<string, WireAnswer>) {
  const wire = stubApiWire({ '/api/admin/session': ok(staffSession('owner')), ...answers });
  render(
    <Provider store={createAdminState()}>
      <ShopPage />
    </Provider>,
  );
  return wire;
}

const patches = (wire: ReturnType<typeof stubApiWire>) =>
  wire.sent.filter((call) => call.method === 'PATCH');

describe('the Shop screen', () => {
  it('previews the main colour, refuses one the storefront cannot write on, and saves with the version read', async () => {
    const user = userEvent.setup();
    const wire = renderPage({ '/api/admin/shop/identity': ok(identity()) });
    await screen.findByRole('heading', { level: 1, name: 'Shop: Tandoor Lane' });
    const preview = screen.getByRole('figure');
    expect(within(preview).getByText('Add to basket').style.backgroundColor).toBe(
      'rgb(179, 38, 30)',
    );
    expect(within(preview).getByText(/^Readable: .* 6\.\d:1\.$/)).toBeTruthy();

    const colour = screen.getByLabelText('Main colour');
    await user.clear(colour);
    await user.type(colour, '#ffd166');
    expect(within(preview).getByText('Add to basket').style.backgroundColor).toBe(
      'rgb(255, 209, 102)',
    );
    expect(
      within(preview).getByText(/^Too light to read: .* 1\.\d:1; .* Choose a darker colour\.$/),
    ).toBeTruthy();
    const save = screen.getByRole('button', { name: 'Save name, colours and contacts' });
    await user.click(save);
    expect(await screen.findByText(/need a contrast of at least 4\.5:1/)).toBeTruthy();
    expect(colour.getAttribute('aria-invalid')).toBe('true');
    expect(patches(wire)).toEqual([]);

    await user.clear(colour);
    await user.type(colour, '#7A1F5C');
    const name = screen.getByLabelText('Shop name');
    await user.clear(name);
    await user.type(name, 'Curry Corner');
    const saved = identity({
      websiteName: 'Curry Corner',
      colorPalatte: '#7A1F5C',
      version: 'fedcba9876543210',
    });
    wire.answers['PATCH /api/admin/shop/identity'] = {
      status: 200,
      body: { status: 200, message: 'The shop’s details are saved.', data: saved },
    };
    await user.click(save);
    expect(await screen.findByText('The shop’s details are saved.')).toBeTruthy();
    const [patch] = patches(wire);
    expect(patch).toMatchObject({
      path: '/api/admin/shop/identity',
      ifMatch: '"0123456789abcdef"',
    });
    expect(patch!.body).toMatchObject({
      websiteName: 'Curry Corner',
      colorPalatte: '#7A1F5C',
      contactNumber: '020 7946 0000',
      locationData: { addressLine1: '1 High Street' },
    });
    expect(patch!.body).not.toHaveProperty('version');

    // The next save names the version that save gave.
    await user.type(screen.getByLabelText('Phone', { selector: '#shop-contactNumber' }), '1');
    await user.click(save);
    await vi.waitFor(() => expect(patches(wire)).toHaveLength(2));
    expect(patches(wire)[1]!.ifMatch).toBe('"fedcba9876543210"');
  }, 30_000);

  it('after a colleague saved first, shows their values and says so beside the button', async () => {
    const user = userEvent.setup();
    const theirs = identity({ websiteName: 'Their Name', version: '1111111111111111' });
    const wire = renderPage({
      '/api/admin/shop/identity': ok(identity()),
      'PATCH /api/admin/shop/identity': refusal(409, {
        message:
          'The shop’s details were changed by someone else since you opened them. Here they are as they are now.',
        errors: { version: 'Changed by someone else since you read it' },
        current: theirs,
      }),
    });
    const name = await screen.findByLabelText('Shop name');
    await user.clear(name);
    await user.type(name, 'My Name');
    await user.click(screen.getByRole('button', { name: 'Save name, colours and contacts' }));
    expect(await screen.findByText(/changed by someone else since you opened them/)).toBeTruthy();
    expect((name as HTMLInputElement).value).toBe('Their Name');
    // Saving again now is made from their version.
    await user.click(screen.getByRole('button', { name: 'Save name, colours and contacts' }));
    await vi.waitFor(() => expect(patches(wire)).toHaveLength(2));
    expect(patches(wire)[1]!.ifMatch).toBe('"1111111111111111"');
  });

  it('gives a manager of some stores their stores’ addresses and phones, and the server’s field errors', async () => {
    const user = userEvent.setup();
    const wire = renderPage({
      '/api/admin/shop/identity': ok(identity({ editable: false })),
      'PATCH /api/admin/stores/st1/contact': refusal(400, {
        message: 'Check the request body: postcode: Use a UK postcode in capitals, such as E1 6QL',
        errors: { postcode: 'Use a UK postcode in capitals, such as E1 6QL' },
      }),
    });
    expect(await screen.findByText(/only someone who works in every store/)).toBeTruthy();
    expect(screen.queryByLabelText('Shop name')).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Logos' })).toBeNull();

    const phone = screen.getByLabelText('Phone');
    await user.clear(phone);
    await user.type(phone, '020 7946 0999');
    await user.click(screen.getByRole('button', { name: 'Save Camden’s address and phone' }));
    const postcode = screen.getByLabelText('Postcode');
    await vi.waitFor(() => expect(postcode.getAttribute('aria-invalid')).toBe('true'));
    expect(patches(wire)[0]).toMatchObject({
      path: '/api/admin/stores/st1/contact',
      ifMatch: '"aaaaaaaaaaaaaaaa"',
      body: { phone: '020 7946 0999', postcode: 'NW1 7JR' },
    });
    expect(screen.getAllByText('Use a UK postcode in capitals, such as E1 6QL').length).toBe(1);
  });
});
