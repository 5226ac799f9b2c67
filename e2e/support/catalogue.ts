import type { MenuItemDocument } from '@servery/contract/menu';
import type { TenantDocument } from '@servery/contract/tenant-document';
import { demoVariant } from './server.ts';

/**
 * A small catalogue the ordering tests know by heart (the demo's own one may change): three
 * stores (two always open with a menu each, one closed without a menu) and a handful of dishes
 * with allergens, diets, a sold-out dish and one with modifier groups.
 */

const ALWAYS_OPEN = Object.fromEntries(
  ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((day) => [
    day,
    [
      { opens: '00:00', closes: '12:00' },
      { opens: '12:00', closes: '00:00' },
    ],
  ]),
);

function dish(slug: string, name: string, price: number, more: Partial<MenuItemDocument> = {}) {
  return {
    slug,
    name,
    description: '',
    price,
    image: null,
    kcal: null,
    allergens: { contains: [], mayContain: [] },
    dietary: [],
    vatRate: 20,
    soldOut: false,
    hidden: false,
    modifierGroups: [],
    ...more,
  } satisfies MenuItemDocument;
}

const ITEMS: MenuItemDocument[] = [
  dish('onion-bhajis', 'Onion bhajis', 450, {
    description: 'Red onion in a spiced gram-flour batter.',
    image: 'dish-onion-bhaji.svg',
    kcal: 390,
    allergens: { contains: [], mayContain: ['gluten'] },
    dietary: ['vegetarian', 'vegan'],
  }),
  dish('prawn-puri', 'Prawn puri', 650, {
    description: 'Spiced prawns on a puffed bread.',
    kcal: 420,
    allergens: { contains: ['crustaceans', 'gluten'], mayContain: [] },
  }),
  dish('vegetable-samosas', 'Vegetable samosas', 450, {
    kcal: 360,
    soldOut: true,
    allergens: { contains: ['gluten'], mayContain: [] },
    dietary: ['vegetarian', 'vegan'],
  }),
  dish('lunch-box', 'Curry lunch box', 750, {
    description: 'A curry of your choice with rice.',
    image: 'dish-curry-red.svg',
    kcal: 780,
    allergens: { contains: ['milk'], mayContain: [] },
    modifierGroups: [
      {
        slug: 'curry',
        name: 'Choose your curry',
        min: 1,
        max: 1,
        options: [
          {
            slug: 'tikka',
            name: 'Tikka masala',
            priceDelta: 0,
            allergens: { contains: ['milk'], mayContain: [] },
            soldOut: false,
          },
          {
            slug: 'rogan',
            name: 'Lamb rogan josh',
            priceDelta: 100,
            allergens: { contains: [], mayContain: ['mustard'] },
            soldOut: false,
          },
        ],
      },
      {
        slug: 'extras',
        name: 'Extras',
        min: 0,
        max: 2,
        options: [
          {
            slug: 'raita',
            name: 'Raita',
            priceDelta: 150,
            allergens: { contains: ['milk'], mayContain: [] },
            soldOut: false,
          },
          {
            slug: 'chutney',
            name: 'Mango chutney',
            priceDelta: 50,
            allergens: { contains: [], mayContain: [] },
            soldOut: false,
          },
          {
            slug: 'pickle',
            name: 'Lime pickle',
            priceDelta: 60,
            allergens: { contains: ['mustard'], mayContain: [] },
            soldOut: false,
          },
        ],
      },
    ],
  }),
  dish('garlic-naan', 'Garlic naan', 350, {
    image: 'dish-naan.svg',
    kcal: 310,
    allergens: { contains: ['gluten', 'milk'], mayContain: [] },
    dietary: ['vegetarian'],
  }),
  dish('dal-makhani', 'Dal makhani', 795, {
    kcal: 450,
    allergens: { contains: ['milk'], mayContain: [] },
    dietary: ['vegetarian'],
  }),
];

export const TEST_STORES = {
  shoreditch: 'Test Kitchen Shoreditch',
  camden: 'Test Kitchen Camden',
  soho: 'Test Kitchen Soho',
} as const;

/** Replaces the shop's stores, dishes and menus with the test catalogue. */
export function withTestCatalogue(doc: TenantDocument): void {
  const base = doc.stores[0]!;
  doc.stores = [
    {
      ...base,
      slug: 'shoreditch',
      name: TEST_STORES.shoreditch,
      isClosed: false,
      openingHours: ALWAYS_OPEN,
      orderTypes: ['delivery', 'collection'],
      preparationMinutes: 25,
      minimumOrder: 1000,
      deliveryZones: [{ district: 'E1', fee: 199, minimumOrder: 1500 }],
      menu: 'main',
    },
    {
      ...base,
      slug: 'camden',
      name: TEST_STORES.camden,
      addressLine1: '201 Camden High Street',
      postcode: 'NW1 7BT',
      isClosed: false,
      openingHours: ALWAYS_OPEN,
      orderTypes: ['collection'],
      preparationMinutes: 15,
      minimumOrder: 0,
      deliveryZones: [],
      menu: 'camden',
    },
    {
      ...base,
      slug: 'soho',
      name: TEST_STORES.soho,
      addressLine1: '5 Dean Street',
      postcode: 'W1D 3RQ',
      isClosed: true,
      openingHours: ALWAYS_OPEN,
      // It delivers to W1D when it reopens: an address there is in the shop's area, not
      // Shoreditch's (issue 30: one outside every zone is refused before it is saved).
      orderTypes: ['delivery', 'collection'],
      minimumOrder: 0,
      deliveryZones: [{ district: 'W1D', fee: 299, minimumOrder: 2000 }],
      menu: null,
    },
  ];
  doc.home.mainStore = 'shoreditch';
  doc.items = ITEMS;
  doc.menus = [
    {
      slug: 'main',
      name: 'All day',
      categories: [
        {
          slug: 'starters',
          name: 'Starters',
          description: 'Small plates to share.',
          items: ['onion-bhajis', 'prawn-puri', 'vegetable-samosas'],
        },
        { slug: 'curries', name: 'Curries', description: '', items: ['lunch-box'] },
        { slug: 'breads', name: 'Breads', description: '', items: ['garlic-naan'] },
      ],
    },
    {
      slug: 'camden',
      name: 'Camden',
      categories: [
        { slug: 'curries', name: 'Curries', description: '', items: ['dal-makhani'] },
        { slug: 'breads', name: 'Breads', description: '', items: ['garlic-naan'] },
      ],
    },
  ];
}

/**
 * The product's options for the demo shop with the test catalogue, open, ordering from `/`
 * (isHomePage 0); `env` is added to the server's (for `useProduct`).
 */
export function testCatalogueShop(env: Record<string, string> = {}) {
  return {
    env,
    tenantFiles: [
      demoVariant((doc) => {
        withTestCatalogue(doc);
        doc.config.isHomePage = 0;
        doc.config.IsShopClosed = 0;
      }),
    ],
  };
}
