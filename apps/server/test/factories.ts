import { randomBytes } from 'node:crypto';
import type { TenantDocument } from '@servery/contract/tenant-document';
import type { Database } from '../src/db/client.ts';
import { importTenant } from '../src/modules/tenants/tenants.service.ts';

const uniqueSlug = (prefix: string) => `${prefix}-${randomBytes(4).toString('hex')}`;

/** A valid tenant document of its own (random slug and hosts), so test files never collide. */
export function makeTenantDocument(overrides: Partial<TenantDocument> = {}): TenantDocument {
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

/** An SVG whose text names the tenant and file, so served bytes show whose they are. */
export function svgFor(slug: string, name: string): Uint8Array {
  return new TextEncoder().encode(
    `<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><text>${slug}/${name}</text></svg>`,
  );
}

export async function importTestTenant(db: Database, doc: TenantDocument = makeTenantDocument()) {
  await importTenant(db, doc, async (name) => svgFor(doc.slug, name));
  return doc;
}
