import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { EditableItem, EditableMenu, ItemCreate } from '@servery/contract/menu-editor';
import { stubApiWire } from '../../lib/testing/api-wire.ts';
import { createAdminState } from '../admin-state.ts';
import { DishForm } from './dish-form.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const none = { contains: [], may_contain: [] };
const naan: EditableItem = {
  id: 'i1',
  version: 1,
  category_id: '11111111-1111-4111-8111-111111111111',
  name: 'Garlic naan',
  description: 'Baked to order',
  price: 350,
  vat_rate: 20,
  kcal: null,
  allergens: { contains: ['gluten'], may_contain: [] },
  diets: [],
  image: null,
  option_groups: [],
  stores: [
    {
      store_id: '22222222-2222-4222-8222-222222222222',
      name: 'Camden',
      sells: true,
      price: null,
      sold_out: false,
      sold_out_until: null,
      hidden: false,
      editable: true,
    },
  ],
};
const menu: EditableMenu = {
  store_id: '22222222-2222-4222-8222-222222222222',
  menu_id: 'm1',
  stores: [{ id: '22222222-2222-4222-8222-222222222222', name: 'Camden', editable: true }],
  brands: [],
  categories: [],
};

/** The text of the elements a field names with aria-describedby, as a screen reader reads it. */
const describedBy = (field: HTMLElement) =>
  (field.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');

describe('the dish form', () => {
  it('a stale save shows the colleague’s values and reapplies the change on them', async () => {
    const user = userEvent.setup();
    const colleague = { ...naan, version: 2, price: 395, description: 'Now with butter' };
    const wire = stubApiWire({
      '/api/admin/items/i1': {
        status: 409,
        body: { status: 409, message: 'Someone else saved this', data: null, current: colleague },
      },
    });
    const saved = vi.fn();
    render(
      <Provider store={createAdminState()}>
        <DishForm
          menu={menu}
          item={naan}
          categoryId="11111111-1111-4111-8111-111111111111"
          onSaved={saved}
        />
      </Provider>,
    );
    const name = screen.getByRole('textbox', { name: 'Name' });
    await user.clear(name);
    await user.type(name, 'Peshwari naan');
    await user.click(screen.getByRole('button', { name: 'Save dish' }));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('A colleague saved this dish');
    expect(alert.textContent).toContain('Now with butter');
    // The colleague's price in pounds, never pence (walk 2, finding 26).
    expect(alert.textContent).toContain('Garlic naan, £3.95 — Now with butter');
    // Said beside Save, where the eyes are when it is pressed (walk 2, finding 30).
    expect(alert.nextElementSibling).toBe(screen.getByRole('button', { name: 'Save dish' }));
    wire.answers['/api/admin/items/i1'] = {
      status: 200,
      body: {
        status: 200,
        message: 'Saved',
        data: { ...colleague, version: 3, name: 'Peshwari naan' },
      },
    };
    await user.click(screen.getByRole('button', { name: 'Reapply my changes' }));
    await vi.waitFor(() => expect(saved).toHaveBeenCalled());
    const patches = wire.sent.filter((c) => c.method === 'PATCH').map((c) => c.body);
    // Only what the person changed is sent, both times: the colleague's price stays.
    expect(patches).toEqual([{ name: 'Peshwari naan' }, { name: 'Peshwari naan' }]);
    expect(saved.mock.calls[0]![0]).toMatchObject({ version: 3, price: 395 });
  });

  it('says a refused price in plain words, in pounds, and sends nothing (walk2 item 12)', async () => {
    const user = userEvent.setup();
    const wire = stubApiWire({});
    renderForm(naan);
    const price = screen.getByRole('textbox', { name: 'Price (£)' });
    const said = async (typed: string, message: string) => {
      await user.clear(price);
      if (typed) await user.type(price, typed);
      await user.click(screen.getByRole('button', { name: 'Save dish' }));
      expect(price.parentElement!.nextElementSibling?.textContent, typed).toBe(message);
      expect(screen.getByRole('alert').textContent).toBe(`Check the form: ${message}.`);
      // The field names its message: a screen reader on it hears why.
      expect(price.getAttribute('aria-invalid')).toBe('true');
      expect(describedBy(price)).toBe(message);
    };
    await said('-5', 'Enter 0 or more');
    await said('99999', 'At most £10,000.00');
    await said('abc', 'Enter an amount such as 8.95');
    await said('8.999', 'Enter an amount such as 8.95');
    await said('12,50', 'Enter an amount such as 8.95');
    await said('', 'Enter an amount such as 8.95');
    expect(wire.sent).toEqual([]);
  });
});

describe('money typed in pounds and pence, sent in pence', () => {
  afterEach(() => localStorage.removeItem('configData'));

  it('shows a dish’s prices in pounds with two decimals, a choice with no extra blank', () => {
    stubApiWire({});
    renderForm({
      ...naan,
      price: 895,
      stores: [{ ...naan.stores[0]!, price: 1250 }],
      option_groups: [
        {
          id: 'size',
          name: 'Size',
          min: 1,
          max: 1,
          options: [
            { id: 'regular', name: 'Regular', price_delta: 0, allergens: none },
            { id: 'large', name: 'Large', price_delta: 150, allergens: none },
            { id: 'kids', name: 'Kids', price_delta: -100, allergens: none },
          ],
        },
      ],
    });
    const price = screen.getByRole('textbox', { name: 'Price (£)' }) as HTMLInputElement;
    expect(price.value).toBe('8.95');
    expect(price.inputMode).toBe('decimal');
    expect(
      (
        screen.getByRole('textbox', {
          name: 'Camden price (£, blank for the dish price)',
        }) as HTMLInputElement
      ).value,
    ).toBe('12.50');
    expect(
      screen
        .getAllByRole('textbox', { name: 'Extra (£)' })
        .map((e) => (e as HTMLInputElement).value),
    ).toEqual(['', '1.50', '-1.00']);
    // The pounds typed are the menu's price: no readout of pence beside the field any more.
    expect(screen.queryByText(/on the menu$/)).toBeNull();
  });

  it('adds a dish typed "8.95" with a choice "0.50" extra as 895 and 50 pence', async () => {
    const user = userEvent.setup();
    const wire = stubApiWire({
      '/api/admin/items': { status: 200, body: { status: 200, message: 'Saved', data: naan } },
    });
    const saved = renderForm(undefined);
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Thali');
    await user.type(screen.getByRole('textbox', { name: 'Price (£)' }), '8.95');
    await user.click(screen.getByRole('button', { name: 'Add an option group' }));
    await user.type(screen.getByRole('textbox', { name: 'Group name' }), 'Bread');
    await user.type(screen.getByRole('textbox', { name: 'Choice' }), 'Naan');
    await user.click(screen.getByRole('button', { name: 'Add a choice' }));
    await user.type(screen.getAllByRole('textbox', { name: 'Choice' })[1]!, 'Peshwari naan');
    await user.type(screen.getAllByRole('textbox', { name: 'Extra (£)' })[1]!, '0.50');
    await user.click(screen.getByRole('button', { name: 'Add dish' }));
    await vi.waitFor(() => expect(saved).toHaveBeenCalled());
    const body = wire.sent.find((c) => c.method === 'POST')!.body as ItemCreate;
    expect(body.price).toBe(895);
    expect(body.store_prices).toEqual([]);
    expect(body.option_groups[0]!.options.map((o) => [o.name, o.price_delta])).toEqual([
      ['Naan', 0],
      ['Peshwari naan', 50],
    ]);
  });

  it('saves a store’s own price "7.50" as 750, and "£1,250.00" as the dish’s 125000', async () => {
    const user = userEvent.setup();
    const wire = stubApiWire({
      '/api/admin/items/i1': {
        status: 200,
        body: { status: 200, message: 'Saved', data: { ...naan, version: 2 } },
      },
    });
    const saved = renderForm(naan);
    const price = screen.getByRole('textbox', { name: 'Price (£)' });
    await user.clear(price);
    await user.type(price, '£1,250.00');
    await user.type(
      screen.getByRole('textbox', { name: 'Camden price (£, blank for the dish price)' }),
      '7.50',
    );
    await user.click(screen.getByRole('button', { name: 'Save dish' }));
    await vi.waitFor(() => expect(saved).toHaveBeenCalled());
    expect(wire.sent.find((c) => c.method === 'PATCH')!.body).toEqual({
      price: 125_000,
      store_prices: [{ store_id: naan.stores[0]!.store_id, price: 750 }],
    });
  });

  it('says a store price or an extra that is not money on its field, and sends nothing', async () => {
    const user = userEvent.setup();
    const wire = stubApiWire({});
    renderForm({
      ...naan,
      option_groups: [
        {
          id: 'dip',
          name: 'Dip',
          min: 0,
          max: 1,
          options: [{ id: 'mint', name: 'Mint', price_delta: 50, allergens: none }],
        },
      ],
    });
    const camden = screen.getByRole('textbox', { name: /^Camden price/ });
    await user.type(camden, '7.5.0');
    const extra = screen.getByRole('textbox', { name: 'Extra (£)' });
    await user.clear(extra);
    await user.type(extra, 'fifty');
    await user.click(screen.getByRole('button', { name: 'Save dish' }));
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(camden.parentElement!.nextElementSibling?.textContent).toBe(
      'Enter an amount such as 8.95',
    );
    expect(extra.parentElement!.textContent).toContain('Enter an amount such as 8.95');
    expect(describedBy(camden)).toBe('Enter an amount such as 8.95');
    expect(describedBy(extra)).toBe('Enter an amount such as 8.95');
    expect(wire.sent).toEqual([]);
    // Put right as it is typed, once a save was tried.
    await user.clear(camden);
    await user.type(camden, '7.50');
    await vi.waitFor(() => expect(camden.parentElement!.nextElementSibling).toBeNull());
    expect(camden.hasAttribute('aria-invalid')).toBe(false);
  });

  it('names the shop’s own currency in the labels and reads its sign', async () => {
    localStorage.setItem('configData', JSON.stringify({ currency: { sign: '€' } }));
    const user = userEvent.setup();
    const wire = stubApiWire({
      '/api/admin/items/i1': {
        status: 200,
        body: { status: 200, message: 'Saved', data: { ...naan, version: 2 } },
      },
    });
    const saved = renderForm(naan);
    const price = screen.getByRole('textbox', { name: 'Price (€)' });
    expect((price as HTMLInputElement).value).toBe('3.50');
    expect(screen.getByRole('textbox', { name: 'Camden price (€, blank for the dish price)' }));
    await user.clear(price);
    await user.type(price, '€3.95');
    await user.click(screen.getByRole('button', { name: 'Save dish' }));
    await vi.waitFor(() => expect(saved).toHaveBeenCalled());
    expect(wire.sent.find((c) => c.method === 'PATCH')!.body).toEqual({ price: 395 });
  });
});

describe('a dish refused before it is sent (walk2 item 13)', () => {
  it('says a negative energy by the field and in the form’s alert', async () => {
    const user = userEvent.setup();
    const wire = stubApiWire({});
    renderForm(naan);
    await user.type(screen.getByRole('spinbutton', { name: /Energy \(kcal\)/ }), '-20');
    await user.click(screen.getByRole('button', { name: 'Save dish' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Check the form: Enter 0 or more.');
    expect(
      screen.getByRole('spinbutton', { name: /Energy \(kcal\)/ }).parentElement?.textContent,
    ).toContain('Enter 0 or more');
    expect(wire.sent).toEqual([]);
  });

  it('says a choice group asking for more than it allows', async () => {
    const user = userEvent.setup();
    const wire = stubApiWire({});
    renderForm(undefined);
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Thali');
    await user.type(screen.getByRole('textbox', { name: 'Price (£)' }), '12.00');
    await user.click(screen.getByRole('button', { name: 'Add an option group' }));
    await user.type(screen.getByRole('textbox', { name: 'Group name' }), 'Dip');
    await user.type(screen.getByRole('textbox', { name: 'Choice' }), 'Mint');
    await user.clear(screen.getByRole('spinbutton', { name: 'At least' }));
    await user.type(screen.getByRole('spinbutton', { name: 'At least' }), '2');
    await user.click(screen.getByRole('button', { name: 'Add dish' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toMatch(
      /^Check the form: (The minimum is above the maximum|More required than there are)\.$/,
    );
    expect(screen.getByText('The minimum is above the maximum')).toBeTruthy();
    expect(wire.sent).toEqual([]);
  });
});

function renderForm(item: EditableItem | undefined, onSaved = vi.fn()) {
  render(
    <Provider store={createAdminState()}>
      <DishForm
        menu={menu}
        item={item}
        categoryId="11111111-1111-4111-8111-111111111111"
        onSaved={onSaved}
      />
    </Provider>,
  );
  return onSaved;
}
