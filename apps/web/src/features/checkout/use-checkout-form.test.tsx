import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Address } from '@servery/contract/address';
import type { CartLine } from '@servery/contract/cart';
import type { StoreSummary } from '@servery/contract/menu';
import {
  ADDRESS_REQUIRED_MESSAGE,
  COLLECTION_CONTACT_MESSAGES,
  DELIVERY_CONTACT_MESSAGES,
} from '@servery/contract/delivery-contact';
import { testDish } from '@servery/contract/menu.test-support';
import { currentUserData, signIn, signOut } from '../../lib/session.ts';
import { createTestStore, stubApiWire, type Wire } from '../../lib/testing/api-wire.ts';
import { toasts } from '../../lib/toast.ts';
import {
  addressFor,
  checkoutResolver,
  type CheckoutContext,
  type CheckoutValues,
} from './checkout-form.ts';
import { CheckoutPage } from './components/checkout-page.tsx';

// The page is the hook's layout: these drive useCheckoutForm through what the customer sees.
// Ids are UUIDs, as the contract's order schema asks.
const STORE = '5b0c2a43-8f0e-4a57-9a51-2f4b6a0e1c01';
const CURRY = '5b0c2a43-8f0e-4a57-9a51-2f4b6a0e1c02';
const HOME = '5b0c2a43-8f0e-4a57-9a51-2f4b6a0e1c03';
const store = {
  id: STORE,
  name: 'Lane Kitchen',
  phone: '020 7946 0321',
  order_types: ['delivery', 'collection'],
  minimum_order: 1000,
  accepts_cash: false,
  is_closed: false,
  delivery_zones: [{ district: 'E1', fee: 199, minimum_order: 1200 }],
} as unknown as StoreSummary;
const curry = testDish(CURRY, 1300, { name: 'Curry' });
const lines: CartLine[] = [
  {
    id: `${CURRY}||`,
    item_id: CURRY,
    store_id: STORE,
    name: 'Curry',
    image: null,
    unit_price: 1300,
    quantity: 1,
    modifiers: [],
    modifier_names: [],
    note: '',
  },
];
const address = (id: string, postcode: string, is_default = false): Address => ({
  id,
  label: '',
  address_line1: `${id} Street`,
  address_line2: '',
  city: 'London',
  postcode,
  district: postcode.split(' ')[0]!,
  instructions: '',
  is_default,
});
const ok = (data: unknown) => ({ status: 200, body: { status: 200, message: 'OK', data } });

let wire: Wire;
let testStore: ReturnType<typeof createTestStore>;
const focused = () => document.activeElement;
beforeEach(() => {
  // jsdom lays nothing out: the browser's scrolling is a no-op here.
  Element.prototype.scrollIntoView = () => {};
  testStore = createTestStore();
  wire = stubApiWire({
    [`/api/menu/${STORE}`]: ok({ categories: [{ items: [{ id: CURRY }] }] }),
    [`/api/menu/item/${CURRY}`]: ok(curry),
    '/api/available-timings': ok({ asap: { available: true, minutes: 30 }, days: [] }),
    // The server's profile has no name or phone yet.
    '/api/customer': ok({ first_name: '', phone: null }),
  });
  localStorage.setItem('deliveryType', JSON.stringify('delivery'));
  signIn({ token: 'a'.repeat(32), customer: { first_name: '', phone: null } } as never);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  signOut();
  localStorage.clear();
  toasts.set([]);
});

function show(addresses: Address[] | undefined, addressesFailed = false) {
  return render(checkoutPage(addresses, addressesFailed));
}

function checkoutPage(addresses: Address[] | undefined, addressesFailed = false) {
  return (
    <Provider store={testStore}>
      <MemoryRouter>
        <CheckoutPage
          lines={lines}
          store={store}
          addresses={addresses}
          addressesFailed={addressesFailed}
          onRetryAddresses={() => {}}
          renderAddressForm={() => null}
          onRemoveLine={() => {}}
          onCashOrderPlaced={() => {}}
        />
      </MemoryRouter>
    </Provider>
  );
}

const continueButton = () => screen.findByRole('button', { name: 'Continue to payment · £14.99' });
const orders = () => wire.sent.filter((call) => call.path === '/api/order');

describe('useCheckoutForm', { timeout: 20_000 }, () => {
  it('asks for the name and phone a delivery needs, focusing the first, before sending anything', async () => {
    const user = userEvent.setup();
    show([address(HOME, 'E1 6AN', true)]);
    await user.click(await continueButton());
    const name = screen.getByRole('textbox', { name: 'Your name' });
    await waitFor(() => expect(focused()).toBe(name));
    expect(name.getAttribute('aria-invalid')).toBe('true');
    const describedBy = (element: HTMLElement) =>
      document.getElementById(element.getAttribute('aria-describedby')!)?.textContent;
    expect(describedBy(name)).toBe(DELIVERY_CONTACT_MESSAGES.first_name);
    expect(describedBy(screen.getByRole('textbox', { name: 'Phone number' }))).toBe(
      DELIVERY_CONTACT_MESSAGES.phone,
    );
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toContain(
      DELIVERY_CONTACT_MESSAGES.first_name,
    );
    expect(orders()).toEqual([]);
  });

  it('saves the contact, then places each server refusal on its field, its line or above the button', async () => {
    const user = userEvent.setup();
    wire.answers['/api/order'] = {
      status: 422,
      body: {
        status: 422,
        message: 'That time is no longer available. Please choose another.',
        data: null,
        errors: {
          when: 'That time is no longer available. Please choose another.',
          'lines.0': 'Curry is sold out.',
        },
      },
    };
    show([address(HOME, 'E1 6AN', true)]);
    await user.type(screen.getByRole('textbox', { name: 'Your name' }), 'Ada Lovelace');
    await user.type(screen.getByRole('textbox', { name: 'Phone number' }), '07700 900123');
    // What POST /api/customer answers (and GET, asked again, from then on).
    wire.answers['/api/customer'] = ok({
      first_name: 'Ada',
      last_name: 'Lovelace',
      phone: '07700900123',
    });
    await user.click(await continueButton());

    await waitFor(() => expect(orders()).toHaveLength(1));
    const saved = wire.sent.find((call) => call.path === '/api/customer' && call.method === 'POST');
    // The whole name reaches the profile, in its two fields (the desk reads both).
    expect(saved?.body).toEqual({
      first_name: 'Ada',
      last_name: 'Lovelace',
      phone: '07700900123',
    });
    expect(currentUserData()?.customer).toMatchObject({ first_name: 'Ada', last_name: 'Lovelace' });
    expect(orders()[0]!.body).toMatchObject({
      store_id: STORE,
      order_type: 'delivery',
      address_id: HOME,
      when: 'asap',
      payment_method: 'card',
      lines: [{ item_id: CURRY, quantity: 1, unit_price: 1300 }],
    });
    const asap = screen.getByRole('radio', { name: /^As soon as possible/ });
    await waitFor(() => expect(focused()).toBe(asap));
    expect(
      screen.getByText('That time is no longer available. Please choose another.', {
        selector: '#when-error',
      }),
    ).toBeTruthy();
    expect(screen.getByText('Curry is sold out.')).toBeTruthy();
    // Placed on the page: no toast on top of it.
    expect(toasts.get()).toEqual([]);
  });
});

describe('the first load of the checkout', { timeout: 20_000 }, () => {
  it('shows no error toast when the saved addresses arrive while the first times are still asked', async () => {
    wire.answers['/api/customer'] = ok({ first_name: 'Ada', phone: '07700900123' });
    // A slow network: the times without a postcode are still on their way...
    let release = () => {};
    wire.answers['/api/available-timings'] = {
      ...ok({ asap: { available: true, minutes: 30 }, days: [] }),
      after: new Promise<void>((resolve) => (release = resolve)),
    };
    const { rerender } = show(undefined);
    await waitFor(() =>
      expect(wire.sent.filter((c) => c.path === '/api/available-timings')).toHaveLength(1),
    );
    // ...when the saved address comes: the delivery's times are asked again for its postcode,
    // and the first question, which nobody waits for now, is called off.
    rerender(checkoutPage([address(HOME, 'E1 6AN', true)]));
    await waitFor(() =>
      expect(wire.sent.filter((c) => c.path === '/api/available-timings')).toHaveLength(2),
    );
    release();
    await continueButton();
    expect(toasts.get()).toEqual([]);
  });
});

describe('a way paused from the Service screen', { timeout: 20_000 }, () => {
  it('is said once, in the same words, by the time field and the rule above the button', async () => {
    const until = new Date(Date.now() + 30 * 60_000).toISOString();
    wire.answers['/api/customer'] = ok({ first_name: 'Ada', phone: '07700900123' });
    wire.answers['/api/available-timings'] = ok({
      asap: { available: false, at: null, minutes: null },
      days: [],
      paused: {
        message: 'We are not taking delivery orders right now. Please try again a little later.',
        until,
      },
    });
    show([address(HOME, 'E1 6AN', true)]);
    const said = await screen.findByTestId('no-times');
    expect(said.textContent).toMatch(
      /^Delivery is paused until (.* at )?\d{1,2}:\d\d [AP]M\. Please try again then\.$/,
    );
    const problems = screen.getByTestId('checkout-problems');
    expect(within(problems).getByText(said.textContent!)).toBeTruthy();
    // Not a second, different account of it.
    expect(screen.queryByText(/no times left/)).toBeNull();
    expect(screen.queryByText(/We are not taking delivery orders/)).toBeNull();
  });
});

describe('a store closing too soon for a new order', { timeout: 20_000 }, () => {
  it('says why ASAP is not offered, and takes the first later time', async () => {
    wire.answers['/api/customer'] = ok({ first_name: 'Ada', phone: '07700900123' });
    // Saturday 00:15 with the store closing at 00:30: the server offers no ASAP, and says when.
    wire.answers['/api/available-timings'] = ok({
      asap: { available: false, at: null, minutes: null, closes_at: '2026-12-05T00:30:00.000Z' },
      days: [
        {
          date: '2026-12-05',
          label: 'Today',
          slots: [{ at: '2026-12-05T12:30:00.000Z', label: '12:30 PM' }],
        },
      ],
      paused: null,
    });
    show([address(HOME, 'E1 6AN', true)]);
    const asap = await screen.findByRole('radio', { name: /^As soon as possible/ });
    expect((asap as HTMLInputElement).disabled).toBe(true);
    const closes = 'Lane Kitchen closes at 12:30 AM, too soon for a new order';
    expect(asap.closest('label')!.textContent).toContain(`Not available: ${closes}.`);
    expect(
      (screen.getByRole('radio', { name: 'At a later time' }) as HTMLInputElement).checked,
    ).toBe(true);
    const bar = screen.getByTestId('chosen-time');
    expect(bar.textContent).toBe(`${closes}.Delivery: Today, 12:30 PM`);
    expect(screen.queryByText(/is closed/)).toBeNull();
  });

  it('says the kitchen is full, not closed, when its quarter hour has no room (the slot cap)', async () => {
    wire.answers['/api/customer'] = ok({ first_name: 'Ada', phone: '07700900123' });
    wire.answers['/api/available-timings'] = ok({
      asap: { available: false, at: null, minutes: null, closes_at: null, full: true },
      days: [
        {
          date: '2026-12-04',
          label: 'Today',
          slots: [{ at: '2026-12-04T19:30:00.000Z', label: '7:30 PM' }],
        },
      ],
      paused: null,
    });
    show([address(HOME, 'E1 6AN', true)]);
    const asap = await screen.findByRole('radio', { name: /^As soon as possible/ });
    expect((asap as HTMLInputElement).disabled).toBe(true);
    const full =
      'The kitchen at Lane Kitchen is full for the next quarter hour: choose a later time';
    expect(asap.closest('label')!.textContent).toContain(`Not available: ${full}.`);
    expect(screen.getByTestId('chosen-time').textContent).toBe(`${full}.Delivery: Today, 7:30 PM`);
    expect(screen.queryByText(/is closed/)).toBeNull();
  });
});

describe('the delivery contact', { timeout: 20_000 }, () => {
  it('shows the profile’s whole name, and sends it back as the profile has it', async () => {
    wire.answers['/api/customer'] = ok({ first_name: 'Ana', last_name: 'Silva', phone: null });
    wire.answers['/api/order'] = { status: 500, body: { status: 500, message: 'x', data: null } };
    const user = userEvent.setup();
    show([address(HOME, 'E1 6AN', true)]);
    const name = screen.getByRole('textbox', { name: 'Your name' }) as HTMLInputElement;
    await waitFor(() => expect(name.value).toBe('Ana Silva'));
    expect(name.getAttribute('autocomplete')).toBe('name');
    await user.type(screen.getByRole('textbox', { name: 'Phone number' }), '07700 900123');
    await user.click(await continueButton());
    await waitFor(() => expect(orders()).toHaveLength(1));
    const saved = wire.sent.find((call) => call.path === '/api/customer' && call.method === 'POST');
    // Only the phone was new; the name goes as the profile has it, not as "Ana Silva" + "Silva".
    expect(saved?.body).toEqual({ first_name: 'Ana', last_name: 'Silva', phone: '07700900123' });
  });

  it('is not asked when the server’s profile has it, whatever the copy kept at sign-in says', async () => {
    wire.answers['/api/customer'] = ok({ first_name: 'Ada', phone: '07700900123' });
    wire.answers['/api/order'] = { status: 500, body: { status: 500, message: 'x', data: null } };
    const user = userEvent.setup();
    show([address(HOME, 'E1 6AN', true)]);
    await waitFor(() => expect(screen.queryByRole('textbox', { name: 'Your name' })).toBeNull());
    await user.click(await continueButton());
    await waitFor(() => expect(orders()).toHaveLength(1));
    expect(wire.sent.some((c) => c.path === '/api/customer' && c.method === 'POST')).toBe(false);
  });
});

describe('a delivery whose saved addresses are on their way', { timeout: 20_000 }, () => {
  it('waits for them: a tap is not told to choose an address, and the order goes with the saved one', async () => {
    wire.answers['/api/customer'] = ok({ first_name: 'Ada', phone: '07700900123' });
    const user = userEvent.setup();
    const { rerender } = show(undefined);
    const button = await screen.findByRole('button', { name: /^Continue to payment/ });
    await waitFor(() => expect(button.getAttribute('aria-disabled')).toBe('true'));
    await user.click(button);
    expect(screen.queryByText(ADDRESS_REQUIRED_MESSAGE)).toBeNull();
    expect(orders()).toEqual([]);

    rerender(checkoutPage([address(HOME, 'E1 6AN', true)]));
    await waitFor(() => expect(button.getAttribute('aria-disabled')).toBe('false'));
    expect(screen.queryByText(ADDRESS_REQUIRED_MESSAGE)).toBeNull();
    // The tap was made before the delivery fee was known; with the address it is in: a tap again.
    expect(orders()).toEqual([]);
    await user.click(await continueButton());
    await waitFor(() => expect(orders()).toHaveLength(1));
    expect(orders()[0]!.body).toMatchObject({ order_type: 'delivery', address_id: HOME });
  });

  it('makes the store ordered from the customer’s store, once the order is placed', async () => {
    wire.answers['/api/customer'] = ok({ first_name: 'Ada', phone: '07700900123' });
    wire.answers['/api/order'] = { status: 500, body: { status: 500, message: 'x', data: null } };
    const user = userEvent.setup();
    show([address(HOME, 'E1 6AN', true)]);
    await user.click(await continueButton());
    await waitFor(() => expect(orders()).toHaveLength(1));
    // Refused: nothing is remembered.
    expect(localStorage.getItem('servery:store')).toBeNull();

    wire.answers['/api/order'] = ok({
      order: { id: 'o-1', number: 1042 },
      payment: { provider: 'cash' },
      price_changes: [],
    });
    await user.click(await continueButton());
    await waitFor(() => expect(orders()).toHaveLength(2));
    // A return at an hour this store is closed shows it ("Opens at…"), not an open one instead
    // (use-current-store.ts picks the customer's store first).
    await waitFor(() => expect(localStorage.getItem('servery:store')).toBe(STORE));
  });

  it('does not wait when they could not be loaded: the tap asks for an address', async () => {
    wire.answers['/api/customer'] = ok({ first_name: 'Ada', phone: '07700900123' });
    const user = userEvent.setup();
    show(undefined, true);
    const button = await screen.findByRole('button', { name: /^Continue to payment/ });
    await waitFor(() => expect(button.getAttribute('aria-disabled')).toBe('false'));
    await user.click(button);
    expect((await screen.findAllByText(ADDRESS_REQUIRED_MESSAGE)).length).toBeGreaterThan(0);
    expect(orders()).toEqual([]);
  });
});

describe('a change of way after a tap', { timeout: 20_000 }, () => {
  it('takes away what was said of the other way, and the next tap asks in this way’s words', async () => {
    const user = userEvent.setup();
    show([]);
    const button = await screen.findByRole('button', { name: /^Continue to payment/ });
    await waitFor(() => expect(button.getAttribute('aria-disabled')).toBe('false'));
    await user.click(button);
    expect((await screen.findAllByText(ADDRESS_REQUIRED_MESSAGE)).length).toBeGreaterThan(0);
    expect(screen.getAllByText(DELIVERY_CONTACT_MESSAGES.first_name).length).toBeGreaterThan(0);

    // On the page, that is: the tap's spoken announcement (sr-only) keeps what it said.
    const shown = (text: string) =>
      screen.queryAllByText(text).filter((el) => !el.classList.contains('sr-only'));
    await user.click(screen.getByRole('radio', { name: /^Collection/ }));
    await waitFor(() => expect(shown(ADDRESS_REQUIRED_MESSAGE)).toEqual([]));
    expect(shown(DELIVERY_CONTACT_MESSAGES.first_name)).toEqual([]);

    await user.click(await screen.findByRole('button', { name: /^Continue to payment/ }));
    expect(
      (await screen.findAllByText(COLLECTION_CONTACT_MESSAGES.first_name)).length,
    ).toBeGreaterThan(0);
    expect(shown(ADDRESS_REQUIRED_MESSAGE)).toEqual([]);
    expect(orders()).toEqual([]);
  });
});

describe('the address a delivery starts with', () => {
  it('is the default or the first saved one, but never one outside the area unless chosen', () => {
    const far = address('far', 'SW1A 2AA', true);
    const home = address('home', 'E1 6AN');
    expect(addressFor([far, home], null, store)?.id).toBe('home');
    expect(addressFor([far], null, store)).toBeNull();
    // Remembered from before, it is not kept (issue 30); chosen on the page, it is.
    expect(addressFor([far, home], 'far', store)?.id).toBe('home');
    expect(addressFor([far, home], 'far', store, new Set(['far']))?.id).toBe('far');
    expect(addressFor([home, address('work', 'E1 7AA', true)], null, store)?.id).toBe('work');
    expect(addressFor(undefined, 'home', store)).toBeNull();
  });
});

describe('checkoutResolver', () => {
  const values: CheckoutValues = {
    order_type: 'collection',
    address_id: null,
    when: 'asap',
    promo_code: null,
    notes: '',
    payment_method: 'card',
    first_name: '',
    phone: '',
  };
  const context: CheckoutContext = {
    store,
    orderType: 'collection',
    address: null,
    when: 'asap',
    paymentMethod: 'card',
    lines: [{ item_id: CURRY, quantity: 1 }],
    askContact: false,
  };
  const resolve = (more: Partial<CheckoutContext>, v: Partial<CheckoutValues> = {}) =>
    checkoutResolver({ ...values, ...v }, { ...context, ...more });

  it('checks the body with the contract’s order schema; no contact asked, none sent', async () => {
    const ok = await resolve({});
    expect(ok.errors).toEqual({});
    expect(ok.values).toMatchObject({
      body: { store_id: STORE, order_type: 'collection', when: 'asap', notes: '' },
      contact: null,
    });
  });

  it('asks a collection for a name and a phone, in its own words (issue 30)', async () => {
    const asked = await resolve({ askContact: true });
    expect(asked.errors.first_name?.message).toBe(COLLECTION_CONTACT_MESSAGES.first_name);
    expect(asked.errors.phone?.message).toBe(COLLECTION_CONTACT_MESSAGES.phone);
    const typed = await resolve({ askContact: true }, { first_name: 'Ada', phone: '07700 900123' });
    expect(typed.values).toMatchObject({ contact: { first_name: 'Ada', phone: '07700900123' } });
  });

  it('names the field each broken rule is on, and a rule on no field as the root', async () => {
    const delivery = await resolve(
      { orderType: 'delivery', when: null, askContact: true },
      { notes: 'x'.repeat(501), phone: '12' },
    );
    expect(
      Object.fromEntries(Object.entries(delivery.errors).map(([k, v]) => [k, v?.message])),
    ).toEqual({
      address_id: 'Choose the address to deliver to',
      when: 'Choose ASAP or a time from the list',
      notes: 'Notes should be at most 500 characters',
      first_name: DELIVERY_CONTACT_MESSAGES.first_name,
      phone: 'Enter a valid phone number',
    });
    const empty = await resolve({ lines: [] });
    expect(empty.errors.root?.message).toBe('Your basket is empty');
  });

  /**
   * The customer switches to collection and taps "Continue to payment" while the collection
   * times are still on their way; `release` lets them come.
   */
  async function tapWhileCollectionTimesLoad(user: ReturnType<typeof userEvent.setup>) {
    // A collection is handed to someone too (issue 30): this profile has both.
    wire.answers['/api/customer'] = ok({ first_name: 'Ada', phone: '07700900123' });
    show([]);
    await screen.findByRole('button', { name: /^Continue to payment/ });
    let release = () => {};
    wire.answers['/api/available-timings'] = {
      ...ok({ asap: { available: true, minutes: 25 }, days: [] }),
      after: new Promise<void>((resolve) => (release = resolve)),
    };
    await user.click(screen.getByRole('radio', { name: /^Collection/ }));
    const button = await screen.findByRole('button', { name: /^Continue to payment/ });
    await waitFor(() => expect(button.getAttribute('aria-disabled')).toBe('true'));
    await user.click(button);
    return { button, release };
  }

  it('keeps a tap made while the times of the way just chosen are on their way, and goes on when they come', async () => {
    const user = userEvent.setup();
    wire.answers['/api/order'] = { status: 500, body: { status: 500, message: 'x', data: null } };
    const { button, release } = await tapWhileCollectionTimesLoad(user);
    // Nothing is sent without the times: no time to send yet, and no refusal for lack of one.
    expect(orders()).toEqual([]);
    expect(screen.queryByText('Choose ASAP or a time from the list')).toBeNull();

    // The tap was not lost: the times come and the order goes, with no second tap.
    release();
    await waitFor(() => expect(orders()).toHaveLength(1));
    expect(orders()[0]!.body).toMatchObject({ order_type: 'collection', when: 'asap' });
    await waitFor(() => expect(button.getAttribute('aria-disabled')).toBe('false'));
    expect(orders()).toHaveLength(1);
  });

  it('drops a tap made while the times were on their way when a choice changed meanwhile', async () => {
    const user = userEvent.setup();
    const { button, release } = await tapWhileCollectionTimesLoad(user);
    // After the tap the customer writes a note: the tap was not for this order.
    await user.type(screen.getByRole('textbox', { name: /^Notes for the shop/ }), 'No onions');

    release();
    await waitFor(() => expect(button.getAttribute('aria-disabled')).toBe('false'));
    expect(orders()).toEqual([]);
    await user.click(button);
    await waitFor(() => expect(orders()).toHaveLength(1));
    expect(orders()[0]!.body).toMatchObject({ order_type: 'collection', notes: 'No onions' });
  });

  it('drops a tap made while a code was checked when the check changes the total', async () => {
    const user = userEvent.setup();
    wire.answers['/api/customer'] = ok({ first_name: 'Ada', phone: '07700900123' });
    show([address(HOME, 'E1 6AN', true)]);
    await continueButton();
    // The code's check is still on its way when the customer continues at £14.99.
    let release = () => {};
    wire.answers['/api/promos/check'] = {
      status: 200,
      body: {
        status: 200,
        message: 'FRIENDS takes it off.',
        data: {
          code: 'FRIENDS',
          description: '£3 off for friends',
          kind: 'fixed',
          value: 300,
          minimum_order: 0,
          ends_at: null,
          subtotal: 1300,
          discount: 300,
        },
      },
      after: new Promise<void>((resolve) => (release = resolve)),
    };
    await user.type(screen.getByRole('textbox', { name: 'Code (optional)' }), 'FRIENDS');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    const button = await screen.findByRole('button', { name: 'Continue to payment · £14.99' });
    await waitFor(() => expect(button.getAttribute('aria-disabled')).toBe('true'));
    await user.click(button);

    // £3 off: the total the customer tapped is not the total any more, so nothing goes.
    release();
    const now = await screen.findByRole('button', { name: 'Continue to payment · £11.99' });
    await waitFor(() => expect(now.getAttribute('aria-disabled')).toBe('false'));
    expect(orders()).toEqual([]);
    // Tapped again at the new total, it goes.
    await user.click(now);
    await waitFor(() => expect(orders()).toHaveLength(1));
    expect(orders()[0]!.body).toMatchObject({ promo_code: 'FRIENDS' });
  });
});
