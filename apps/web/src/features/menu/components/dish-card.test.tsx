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

function renderCard(inBasket?: number, item: MenuListItem = naan) {
  const { container } = render(
    <DishCard
      item={item}
      storeId="shoreditch"
      money={money}
      inBasket={inBasket}
      onAdd={vi.fn()}
      onOpen={vi.fn()}
    />,
  );
  return container;
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

  it('draws an uploaded photo as AVIF, then WebP, at every stored width (issue 28)', () => {
    const card = renderCard(0, { ...naan, image: 'photo-0123456789abcdef-640.webp' });
    const sources = [...card.querySelectorAll('picture source')].map((s) => [
      s.getAttribute('type'),
      s.getAttribute('srcset'),
      s.getAttribute('sizes'),
    ]);
    const set = (format: string) =>
      [320, 640, 960]
        .map((w) => `/tenancy/photos/photo-0123456789abcdef-${w}.${format} ${w}w`)
        .join(', ');
    expect(sources).toEqual([
      ['image/avif', set('avif'), '(min-width: 640px) 96px, 80px'],
      ['image/webp', set('webp'), '(min-width: 640px) 96px, 80px'],
    ]);
    const img = card.querySelector('picture img')!;
    expect(img.getAttribute('src')).toBe('/tenancy/photos/photo-0123456789abcdef-640.webp');
    expect(img.getAttribute('loading')).toBe('lazy');
  });

  it('draws a shop document’s own image as it is', () => {
    const card = renderCard(0, { ...naan, image: 'naan.jpg' });
    expect(card.querySelector('picture')).toBeNull();
    expect(card.querySelector('img')!.getAttribute('src')).toBe('/tenancy/assets/naan.jpg');
  });
});
