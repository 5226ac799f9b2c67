import type { MenuItemDetail } from '@servery/contract/menu';
import { MAX_LINE_QUANTITY } from '@servery/contract/pricing';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestStore, stubApiWire } from '../../../lib/testing/api-wire.ts';
import { ProductForm } from './product-form.tsx';

const none = { contains: [], may_contain: [] };
const lunchBox: MenuItemDetail = {
  id: 'lunch-box',
  name: 'Curry lunch box',
  description: 'A curry with rice',
  price: 750,
  image: null,
  kcal: 780,
  allergens: { contains: ['milk'], may_contain: ['gluten'] },
  dietary: [],
  sold_out: false,
  vat_rate: 20,
  modifier_groups: [
    {
      id: 'curry',
      name: 'Choose your curry',
      min: 1,
      max: 1,
      required: true,
      options: [
        { id: 'tikka', name: 'Tikka masala', price_delta: 0, allergens: none, sold_out: false },
        {
          id: 'rogan',
          name: 'Lamb rogan josh',
          price_delta: 100,
          allergens: { contains: [], may_contain: ['mustard'] },
          sold_out: false,
        },
        { id: 'paneer', name: 'Paneer', price_delta: 0, allergens: none, sold_out: true },
      ],
    },
    {
      id: 'extras',
      name: 'Extras',
      min: 0,
      max: 2,
      required: false,
      options: [
        { id: 'raita', name: 'Raita', price_delta: 150, allergens: none, sold_out: false },
        { id: 'chutney', name: 'Chutney', price_delta: 50, allergens: none, sold_out: false },
        {
          id: 'pickle',
          name: 'Lime pickle',
          price_delta: 60,
          allergens: { contains: ['mustard'], may_contain: [] },
          sold_out: false,
        },
      ],
    },
    {
      id: 'drink',
      name: 'Drink',
      min: 0,
      max: 1,
      required: false,
      options: [
        { id: 'lassi', name: 'Mango lassi', price_delta: 250, allergens: none, sold_out: false },
      ],
    },
  ],
};

beforeEach(() => {
  stubApiWire();
  localStorage.setItem('currencyObj', JSON.stringify({ value: 'GBP', label: 'GBP', sign: '£' }));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

function renderForm(item = lunchBox) {
  const onAdd = vi.fn(async () => true);
  const onAdded = vi.fn();
  render(
    <Provider store={createTestStore()}>
      <ProductForm item={item} storeId="shoreditch" onAdd={onAdd} onAdded={onAdded} />
    </Provider>,
  );
  return { onAdd, onAdded };
}
const group = (name: string) => screen.getByRole('group', { name });
const addButton = () => screen.getByRole('button', { name: /^Add to basket/ });

describe('the dish form', () => {
  it('refuses an incomplete choice, says what is missing beside the group and focuses it', async () => {
    const { onAdd } = renderForm();
    await userEvent.click(addButton());
    expect(onAdd).not.toHaveBeenCalled();
    const curry = group('Choose your curry');
    expect(within(curry).getByText('Choose your curry: choose 1')).toBeTruthy();
    expect(curry.getAttribute('aria-describedby')).toContain('group-curry-problem');
    expect(document.activeElement).toBe(within(curry).getByRole('radio', { name: 'Tikka masala' }));
    // Optional groups have nothing to say.
    expect(within(group('Extras')).queryByText(/choose/i)?.textContent).toBe(
      'Choose up to 2 (optional)',
    );

    await userEvent.click(screen.getByRole('radio', { name: 'Tikka masala' }));
    expect(within(curry).queryByText('Choose your curry: choose 1')).toBeNull();
    await userEvent.click(addButton());
    expect(onAdd).toHaveBeenCalledTimes(1);
  });

  it('shows each group’s rule, radios for one choice and checkboxes for several', () => {
    renderForm();
    expect(within(group('Choose your curry')).getByText('Choose 1 (required)')).toBeTruthy();
    expect(within(group('Choose your curry')).getAllByRole('radio')).toHaveLength(3);
    expect(within(group('Extras')).getAllByRole('checkbox')).toHaveLength(3);
    // An optional one-choice group can be left at "None".
    const drink = within(group('Drink'));
    expect((drink.getByRole('radio', { name: 'None' }) as HTMLInputElement).checked).toBe(true);
    expect(drink.getByText('+£2.50')).toBeTruthy();
    // A sold-out option cannot be chosen.
    const paneer = screen.getByRole('radio', { name: /Paneer/ });
    expect(paneer.closest('label')?.textContent).toBe('Paneer (sold out)');
    expect(paneer.hasAttribute('disabled')).toBe(true);
  });

  it('disables further boxes once a group has its maximum', async () => {
    renderForm();
    await userEvent.click(screen.getByRole('checkbox', { name: /Raita/ }));
    await userEvent.click(screen.getByRole('checkbox', { name: /Chutney/ }));
    const pickle = screen.getByRole('checkbox', { name: /Lime pickle/ });
    expect(pickle.hasAttribute('disabled')).toBe(true);
    await userEvent.click(screen.getByRole('checkbox', { name: /Chutney/ }));
    expect(pickle.hasAttribute('disabled')).toBe(false);
  });

  it('keeps a running price: the dish with its options, times the quantity', async () => {
    renderForm();
    expect(addButton().textContent).toBe('Add to basket · £7.50');
    await userEvent.click(screen.getByRole('radio', { name: /Lamb rogan josh/ }));
    await userEvent.click(screen.getByRole('checkbox', { name: /Raita/ }));
    expect(addButton().textContent).toBe('Add to basket · £10.00');
    await userEvent.click(screen.getByRole('button', { name: 'Increase quantity' }));
    await userEvent.click(screen.getByRole('button', { name: 'Increase quantity' }));
    expect(addButton().textContent).toBe('Add to basket · £30.00');
    await userEvent.click(screen.getByRole('radio', { name: 'Tikka masala' }));
    expect(addButton().textContent).toBe('Add to basket · £27.00');
  });

  it('keeps the quantity between 1 and the most a line may have', async () => {
    renderForm();
    const less = screen.getByRole('button', { name: 'Decrease quantity' });
    const more = screen.getByRole('button', { name: 'Increase quantity' });
    expect(less.hasAttribute('disabled')).toBe(true);
    for (let i = 1; i < MAX_LINE_QUANTITY; i++) await userEvent.click(more);
    expect(screen.getByRole('status').textContent).toBe(String(MAX_LINE_QUANTITY));
    expect(more.hasAttribute('disabled')).toBe(true);
  });

  it('lists the allergens of the dish and of the options chosen', async () => {
    renderForm();
    const allergens = screen.getByRole('region', { name: 'Allergens' });
    expect(allergens.textContent).toContain('Contains: Milk');
    expect(allergens.textContent).toContain('May contain: Cereals containing gluten');
    await userEvent.click(screen.getByRole('radio', { name: /Lamb rogan josh/ }));
    expect(allergens.textContent).toContain('May contain: Cereals containing gluten, Mustard');
    await userEvent.click(screen.getByRole('checkbox', { name: /Lime pickle/ }));
    // Contained now, so no longer only "may contain".
    expect(allergens.textContent).toContain('Contains: Milk, Mustard');
    expect(allergens.textContent).toContain('May contain: Cereals containing gluten');
    expect(allergens.textContent).not.toContain('gluten, Mustard');
  });

  it('adds the line with its choices, names, price, quantity and note', async () => {
    const { onAdd, onAdded } = renderForm();
    await userEvent.click(screen.getByRole('checkbox', { name: /Chutney/ }));
    await userEvent.click(screen.getByRole('checkbox', { name: /Raita/ }));
    await userEvent.click(screen.getByRole('radio', { name: /Lamb rogan josh/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Increase quantity' }));
    await userEvent.type(screen.getByRole('textbox', { name: /Note/ }), ' No coriander ');
    await userEvent.click(addButton());
    expect(onAdd).toHaveBeenCalledWith({
      id: 'lunch-box|curry=rogan;extras=chutney+raita|No coriander',
      item_id: 'lunch-box',
      store_id: 'shoreditch',
      name: 'Curry lunch box',
      image: null,
      unit_price: 750 + 100 + 150 + 50,
      quantity: 2,
      modifiers: [
        { group_id: 'curry', option_ids: ['rogan'] },
        { group_id: 'extras', option_ids: ['raita', 'chutney'] },
      ],
      modifier_names: ['Lamb rogan josh', 'Raita', 'Chutney'],
      note: 'No coriander',
    });
    await vi.waitFor(() => expect(onAdded).toHaveBeenCalled());
  });

  it('takes a note of at most 200 characters', async () => {
    renderForm();
    const note = screen.getByRole('textbox', { name: /Note/ }) as HTMLTextAreaElement;
    expect(note.maxLength).toBe(200);
    await userEvent.click(note);
    await userEvent.paste('x'.repeat(250));
    expect(note.value).toHaveLength(200);
    expect(screen.getByText('200/200')).toBeTruthy();
  });

  it('cannot add a sold-out dish', () => {
    renderForm({ ...lunchBox, sold_out: true });
    expect(screen.queryByRole('button', { name: /^Add to basket/ })).toBeNull();
    expect(screen.getByText('Sold out: this dish cannot be ordered right now.')).toBeTruthy();
  });
});
