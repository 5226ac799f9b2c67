import type { MenuItemDetail, ModifierOption, StoreSummary } from './menu.ts';

/**
 * A dish as the menu API gives it, for the tests of what prices a basket on either side (the
 * server's order steps, the web's checkout quote): named by its id, at `price` pence, 20% VAT,
 * no allergens, options or picture unless `more` says.
 */
export function testDish(
  id: string,
  price: number,
  more: Partial<MenuItemDetail> = {},
): MenuItemDetail {
  return {
    id,
    name: id,
    description: '',
    price,
    image: null,
    kcal: null,
    allergens: { contains: [], may_contain: [] },
    dietary: [],
    sold_out: false,
    vat_rate: 20,
    modifier_groups: [],
    ...more,
  };
}

/** An option of a dish's modifier group, as the menu API gives it: no allergens, on sale. */
export function testOption(
  id: string,
  name: string,
  priceDelta = 0,
  more: Partial<ModifierOption> = {},
): ModifierOption {
  return {
    id,
    name,
    price_delta: priceDelta,
    allergens: { contains: [], may_contain: [] },
    sold_out: false,
    ...more,
  };
}

/**
 * A store as `GET /api/store` gives it: open now, collection only, no minimum, a menu of its own
 * (`menu-{id}`), unless `more` says otherwise.
 */
export function testStore(id: string, more: Partial<StoreSummary> = {}): StoreSummary {
  return {
    id,
    slug: id,
    name: `Store ${id}`,
    address_line1: '1 High Street',
    address_line2: '',
    city: 'London',
    postcode: 'E1 6RL',
    phone: '020 7946 0000',
    direction_link: 'https://example.com',
    is_closed: false,
    is_open_now: true,
    status_text: null,
    last_order_at: null,
    opening_hours: [],
    order_types: ['collection'],
    preparation_minutes: 20,
    delivery_zones: [],
    minimum_order: 0,
    accepts_cash: true,
    menu_id: `menu-${id}`,
    pause: null,
    ...more,
  };
}
