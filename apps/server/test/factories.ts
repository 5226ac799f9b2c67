import { randomBytes } from 'node:crypto';
import { WEEKDAYS, type WeeklyHours } from '@servery/contract/opening-hours';
import type { TenantDocumentInput } from '@servery/contract/tenant-document';
import type { Database } from '../src/db/client.ts';
import { importTenant } from '../src/modules/tenant-document/tenant-import.ts';

const uniqueSlug = (prefix: string) => `${prefix}-${randomBytes(4).toString('hex')}`;

/** A valid tenant document of its own (random slug and hosts), so test files never collide. */
export function makeTenantDocument(
  overrides: Partial<TenantDocumentInput> = {},
): TenantDocumentInput {
  const slug = overrides.slug ?? uniqueSlug('shop');
  return {
    format: 1,
    slug,
    websiteName: `Shop ${slug}`,
    hosts: [
      { host: `${slug}.shop.test`, variant: 'ordering' },
      { host: `book-${slug}.shop.test`, variant: 'reservation' },
    ],
    config: {
      favicon: 'favicon.svg',
      headerLogo: 'header-logo.svg',
      footerLogo: 'footer-logo.svg',
      logo_style: 'wide',
      colorPalatte: '#123456',
      SecondaryColorPalatte: '#abcdef',
      contactNumber: '020 7946 0000',
      supportEmail: `${slug}@example.com`,
      website: `https://${slug}.example.com`,
      ShopClosedMessage: 'Closed for the holidays',
      IsShopClosed: 0,
      allowBooking: 1,
      isHomePage: 0,
      locationData: {
        addressLine1: `1 ${slug} Street`,
        addressLine2: 'London E1 1AA',
        directionLink: 'https://maps.example.com/?q=E1+1AA',
      },
      socialLinks: [{ network: 'instagram', url: `https://instagram.com/${slug}` }],
      currency: { value: 'GBP', label: 'GBP', sign: '£' },
      timeZone: 'Europe/London',
      otpLength: 4,
    },
    brands: [
      {
        slug: 'first-brand',
        name: 'First Brand',
        tagline: 'The first',
        description: 'One',
        logo: 'brand.svg',
      },
    ],
    stores: [
      {
        slug: 'main',
        name: 'Main Store',
        addressLine1: '1 High Street',
        addressLine2: '',
        city: 'London',
        postcode: 'E1 1AA',
        phone: '020 7946 0001',
        directionLink: 'https://maps.example.com/?q=main',
        isClosed: false,
        openingHours: {
          monday: [{ opens: '11:00', closes: '22:00' }],
          tuesday: [{ opens: '11:00', closes: '22:00' }],
          wednesday: [{ opens: '11:00', closes: '22:00' }],
          thursday: [{ opens: '11:00', closes: '22:00' }],
          friday: [{ opens: '11:00', closes: '22:00' }],
          saturday: [{ opens: '12:00', closes: '23:30' }],
        },
      },
    ],
    home: {
      mainStore: 'main',
      banners: [{ banner: 'banner.svg', alt: 'A banner', title: `Welcome to ${slug}` }],
    },
    ...overrides,
  };
}

/** Weekly hours open the same range every day of the week, as a booking diary's or a store's. */
export function everyDayHours(opens: string, closes: string): WeeklyHours {
  return Object.fromEntries(WEEKDAYS.map((day) => [day, [{ opens, closes }]]));
}

/** Adds a second store beside the factory's "Main Store": Camden, open every day 12:00-22:00. */
export function addCamden(doc: TenantDocumentInput): TenantDocumentInput {
  doc.stores.push({
    ...doc.stores[0]!,
    slug: 'camden',
    name: 'Camden',
    openingHours: everyDayHours('12:00', '22:00'),
  });
  return doc;
}

/** An SVG whose text names the tenant and file, so served bytes show whose they are. */
export function svgFor(slug: string, name: string): Uint8Array {
  return new TextEncoder().encode(
    `<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><text>${slug}/${name}</text></svg>`,
  );
}

export async function importTestTenant(
  db: Database,
  doc: TenantDocumentInput = makeTenantDocument(),
) {
  await importTenant(db, doc, async (name) => svgFor(doc.slug, name));
  return doc;
}

/** A shop with a small catalogue: a required choice, a sold-out dish, a hidden one. */
export function makeCatalogueDocument(): TenantDocumentInput {
  const base = makeTenantDocument();
  return {
    ...base,
    stores: [
      {
        ...base.stores[0]!,
        orderTypes: ['delivery', 'collection'],
        preparationMinutes: 25,
        minimumOrder: 500,
        deliveryZones: [{ district: 'E1', fee: 250, minimumOrder: 1500 }],
        menu: 'main',
      },
      { ...base.stores[0]!, slug: 'kiosk', name: 'Kiosk', isClosed: true, menu: null },
    ],
    items: [
      {
        slug: 'chicken-tikka-masala',
        name: 'Chicken tikka masala',
        description: 'Chargrilled chicken in a creamy tomato sauce',
        price: 1095,
        image: 'dish.svg',
        kcal: 820,
        allergens: { contains: ['milk'], mayContain: ['nuts'] },
        dietary: ['halal'],
        modifierGroups: [
          {
            slug: 'spice',
            name: 'Spice level',
            min: 1,
            max: 1,
            options: [
              { slug: 'mild', name: 'Mild' },
              { slug: 'hot', name: 'Hot' },
            ],
          },
          {
            slug: 'extras',
            name: 'Extras',
            min: 0,
            max: 2,
            options: [
              {
                slug: 'cashew',
                name: 'Cashew sauce',
                priceDelta: 100,
                allergens: { contains: ['nuts'] },
              },
              { slug: 'paneer', name: 'Paneer', priceDelta: 150, soldOut: true },
            ],
          },
        ],
      },
      {
        slug: 'garlic-naan',
        name: 'Garlic naan',
        price: 350,
        allergens: { contains: ['gluten', 'milk'] },
        dietary: ['vegetarian'],
        vatRate: 20,
      },
      {
        slug: 'mango-lassi',
        name: 'Mango lassi',
        price: 395,
        allergens: { contains: ['milk'] },
        soldOut: true,
      },
      {
        slug: 'winter-special',
        name: 'Winter special',
        price: 1295,
        allergens: { contains: [] },
        hidden: true,
      },
    ],
    menus: [
      {
        slug: 'main',
        name: 'Main menu',
        categories: [
          { slug: 'curries', name: 'Curries', items: ['chicken-tikka-masala', 'winter-special'] },
          { slug: 'breads', name: 'Breads', items: ['garlic-naan'] },
          { slug: 'drinks', name: 'Drinks', items: ['mango-lassi'] },
          { slug: 'specials', name: 'Specials', items: ['winter-special'] },
        ],
      },
    ],
  };
}
