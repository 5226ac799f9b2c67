import type { MenuListItem } from '@servery/contract/menu';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DishCard } from './dish-card.tsx';

const naan: MenuListItem = {
  id: 'naan',
  name: 'Garlic naan',
  description: 'Baked in the tandoor',
  price: 350,
  image: null,
  kcal: null,
  allergens: { contains: ['gluten'], may_contain: [] },
  dietary: [],
  sold_out: false,
  has_modifiers: false,
  has_required_modifiers: false,
};

const money = (minor: number) => `£${(minor / 100).toFixed(2)}`;

function renderCard(inBasket?: number) {
  render(
    <DishCard
      item={naan}
      storeId="shoreditch"
      money={money}
      inBasket={inBasket}
      onAdd={vi.fn()}
      onOpen={vi.fn()}
    />,
  );
}

afterEach(cleanup);

describe('a dish card', () => {
  it('says how many of the dish the basket holds', () => {
    renderCard(2);
    expect(screen.getByText('2 in basket')).toBeTruthy();
  });

  it('says nothing of the basket when the dish is not in it', () => {
    renderCard();
    expect(screen.queryByText(/in basket/)).toBeNull();
  });
});
