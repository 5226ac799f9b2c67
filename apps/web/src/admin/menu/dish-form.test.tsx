import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { EditableItem, EditableMenu } from '@servery/contract/menu-editor';
import { stubApiWire } from '../../lib/testing/api-wire.ts';
import { createAdminState } from '../admin-state.ts';
import { DishForm } from './dish-form.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

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

  it('says a refused price in plain words, its limit in pence and pounds (walk2 item 12)', async () => {
    const user = userEvent.setup();
    const wire = stubApiWire({});
    renderForm(naan);
    const price = screen.getByRole('spinbutton', { name: 'Price in pence (895 is £8.95)' });
    await user.clear(price);
    await user.type(price, '-500');
    await user.click(screen.getByRole('button', { name: 'Save dish' }));
    expect(await screen.findByText('Enter 0 or more')).toBeTruthy();
    await user.clear(price);
    await user.type(price, '99999999999');
    await user.click(screen.getByRole('button', { name: 'Save dish' }));
    expect(await screen.findByText('At most 1000000 (£10,000.00)')).toBeTruthy();
    await user.clear(price);
    await user.click(screen.getByRole('button', { name: 'Save dish' }));
    expect(await screen.findByText('Enter a number')).toBeTruthy();
    expect(wire.sent).toEqual([]);
  });
});

describe('prices in the shop’s currency (walk 2, finding 26)', () => {
  afterEach(() => localStorage.removeItem('configData'));

  it('says what the pence typed come to, in the shop’s own currency, beside the field', async () => {
    localStorage.setItem('configData', JSON.stringify({ currency: { sign: '€' } }));
    const user = userEvent.setup();
    stubApiWire({});
    renderForm(naan);
    const price = screen.getByRole('spinbutton', { name: 'Price in pence (895 is €8.95)' });
    expect(price.getAttribute('aria-describedby')).toBe('price-in-pounds');
    expect(document.getElementById('price-in-pounds')!.textContent).toBe('€3.50 on the menu');
    await user.clear(price);
    await user.type(price, '1250');
    expect(document.getElementById('price-in-pounds')!.textContent).toBe('€12.50 on the menu');
    const camden = screen.getByRole('spinbutton', { name: /Camden price/ });
    await user.type(camden, '1300');
    expect(document.getElementById(camden.getAttribute('aria-describedby')!)!.textContent).toBe(
      '€13.00 on the menu',
    );
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
    await user.type(screen.getByRole('spinbutton', { name: /^Price in pence/ }), '1200');
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
