import { describe, expect, it } from 'vitest';
import { ZShopConfig } from '@servery/contract/config';
import { ZHomeContent } from '@servery/contract/home';
import { useTwoShops } from '../../../test/two-shops.ts';
import {
  everyDayHours,
  importTestTenant,
  makeTenantDocument,
  svgFor,
} from '../../../test/factories.ts';
import { createTestApp } from '../../../test/test-app.ts';

const shops = useTwoShops();
const { shopA, shopB, hostOf, loadConfig } = shops;

describe('POST /api/loadconfig', () => {
  it('answers every configuration field of product.md §3, spelled as there', async () => {
    const res = await loadConfig(hostOf(shopA));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.status).toBe(200);
    expect(typeof body.message).toBe('string');
    for (const field of [
      'websiteName',
      'favicon',
      'headerLogo',
      'footerLogo',
      'logo_style',
      'colorPalatte',
      'SecondaryColorPalatte',
      'contactNumber',
      'ShopClosedMessage',
      'IsShopClosed',
      'allowBooking',
      'isHomePage',
      'locationData',
    ]) {
      expect(body.data, field).toHaveProperty(field);
    }
    expect(Object.keys(body.data.locationData).sort()).toEqual([
      'addressLine1',
      'addressLine2',
      'directionLink',
    ]);
    expect(ZShopConfig.parse(body.data)).toMatchObject({
      websiteName: shopA.websiteName,
      colorPalatte: '#123456',
      IsShopClosed: 0,
      currency: { value: 'GBP', label: 'GBP', sign: '£' },
      timeZone: 'Europe/London',
      otpLength: 4,
      siteVariant: 'ordering',
      brands: [
        { slug: 'first-brand', name: 'First Brand', tagline: 'The first', logo: 'brand.svg' },
      ],
    });
  });

  it('answers GET the same, with an ETag that saves the body on revalidation', async () => {
    const post = await loadConfig(hostOf(shopA));
    const get = await loadConfig(hostOf(shopA), 'GET');
    expect(get.json()).toEqual(post.json());
    const etag = get.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    const again = await shops.ctx.app.inject({
      url: '/api/loadconfig',
      headers: { host: hostOf(shopA), 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('tells the reservation host apart from the ordering host of the same shop', async () => {
    const res = await loadConfig(hostOf(shopA, 1));
    expect(res.json().data.siteVariant).toBe('reservation');
    expect(res.json().data.websiteName).toBe(shopA.websiteName);
  });

  it('never shows one tenant the configuration of another', async () => {
    const a = (await loadConfig(hostOf(shopA))).json().data;
    const b = (await loadConfig(hostOf(shopB))).json().data;
    expect(a.websiteName).toBe(shopA.websiteName);
    expect(b.websiteName).toBe('Second Shop');
    expect(b.colorPalatte).toBe('#654321');
    expect(b.IsShopClosed).toBe(1);
    expect(a.IsShopClosed).toBe(0);
    expect(a.supportEmail).not.toBe(b.supportEmail);
  });

  it('gives a host that no tenant claims to the default tenant', async () => {
    const res = await loadConfig('unclaimed.example.org');
    expect(res.statusCode).toBe(200);
    expect(res.json().data.websiteName).toBe(shopA.websiteName);
    expect(res.json().data.siteVariant).toBe('ordering');
  });

  it('matches hosts without regard to case or port', async () => {
    const res = await loadConfig(`${hostOf(shopB).toUpperCase()}:8080`);
    expect(res.json().data.websiteName).toBe('Second Shop');
  });

  it('sees a re-imported document at once, without a restart', async () => {
    const host = hostOf(shopB);
    expect((await loadConfig(host)).json().data.ShopClosedMessage).toBe('Closed for the holidays');
    await importTestTenant(shops.ctx.db, {
      ...shopB,
      config: { ...shopB.config, ShopClosedMessage: 'Back on Monday' },
    });
    await expect
      .poll(async () => (await loadConfig(host)).json().data.ShopClosedMessage, { timeout: 5000 })
      .toBe('Back on Monday');
  });
});

describe('a host that no tenant claims, without a default tenant', () => {
  it('answers 404 in the envelope for the API and a page for browsers', async () => {
    const bare = await createTestApp();
    try {
      const api = await bare.app.inject({
        url: '/api/home',
        headers: { host: 'nobody.example.org' },
      });
      expect(api.statusCode).toBe(404);
      expect(api.json()).toEqual({
        status: 404,
        message: 'No shop is set up at nobody.example.org.',
        data: null,
      });
      const page = await bare.app.inject({
        url: '/',
        headers: { host: 'nobody.example.org', accept: 'text/html' },
      });
      expect(page.statusCode).toBe(404);
      expect(page.headers['content-type']).toContain('text/html');
      expect(page.body).toContain('Shop not found');
    } finally {
      await bare.close();
    }
  });
});

describe('GET /api/home', () => {
  it('answers banners, location, opening hours and get-in-touch data of the host’s tenant', async () => {
    const res = await shops.ctx.app.inject({ url: '/api/home', headers: { host: hostOf(shopA) } });
    expect(res.statusCode).toBe(200);
    const home = ZHomeContent.parse(res.json().data);
    expect(home.banners).toEqual(shopA.home.banners);
    expect(home.locationData).toEqual(shopA.config.locationData);
    expect(home.getInTouch).toEqual({
      contactNumber: '020 7946 0000',
      supportEmail: shopA.config.supportEmail,
    });
    expect(home.openingHours).toEqual({
      Weekdays: '11:00 AM - 10:00 PM',
      Saturday: '12:00 PM - 11:30 PM',
      Sunday: 'Closed',
    });
    // Shop A takes bookings but has set no booking hours: there are none to show.
    expect(home.bookingHours).toBeNull();
  });

  it('answers the booking hours beside the store’s, for the reservation site', async () => {
    const base = makeTenantDocument();
    const booking = {
      hours: { ...everyDayHours('17:30', '22:00'), sunday: [{ opens: '12:00', closes: '21:00' }] },
      coversPerSlot: 24,
    };
    const shop = makeTenantDocument({ booking });
    const closed = makeTenantDocument({ booking, config: { ...base.config, allowBooking: 0 } });
    await importTestTenant(shops.ctx.db, shop);
    await importTestTenant(shops.ctx.db, closed);
    const homeOf = async (host: string) =>
      ZHomeContent.parse(
        (await shops.ctx.app.inject({ url: '/api/home', headers: { host } })).json().data,
      );
    const home = await homeOf(hostOf(shop, 1));
    expect(home.bookingHours).toEqual({
      Weekdays: '5:30 PM - 10:00 PM',
      Saturday: '5:30 PM - 10:00 PM',
      Sunday: '12:00 PM - 9:00 PM',
    });
    // The ordering site's answer is the same one: the store's hours stay what they were.
    expect(await homeOf(hostOf(shop))).toEqual(home);
    expect(home.openingHours.Weekdays).toBe('11:00 AM - 10:00 PM');
    // A shop that takes no bookings has no booking hours to give.
    expect((await homeOf(hostOf(closed, 1))).bookingHours).toBeNull();
  });

  it('never shows one tenant the home content of another', async () => {
    const a = (
      await shops.ctx.app.inject({ url: '/api/home', headers: { host: hostOf(shopA) } })
    ).json().data;
    const b = (
      await shops.ctx.app.inject({ url: '/api/home', headers: { host: hostOf(shopB) } })
    ).json().data;
    expect(a.banners[0].title).toBe(`Welcome to ${shopA.slug}`);
    expect(b.banners[0].title).toBe(`Welcome to ${shopB.slug}`);
  });
});

describe('GET /tenancy/assets/{file}', () => {
  it('serves the host’s own file, sandboxed, with an ETag', async () => {
    const res = await shops.ctx.app.inject({
      url: '/tenancy/assets/header-logo.svg',
      headers: { host: hostOf(shopB) },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/svg+xml');
    expect(res.body).toBe(new TextDecoder().decode(svgFor(shopB.slug, 'header-logo.svg')));
    expect(res.headers['content-security-policy']).toContain('sandbox');
    const again = await shops.ctx.app.inject({
      url: '/tenancy/assets/header-logo.svg',
      headers: { host: hostOf(shopB), 'if-none-match': res.headers.etag as string },
    });
    expect(again.statusCode).toBe(304);
  });

  it('answers 404 for a file the tenant does not have, and 400 for a name that is not a file', async () => {
    const missing = await shops.ctx.app.inject({
      url: '/tenancy/assets/other.png',
      headers: { host: hostOf(shopA) },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({
      status: 404,
      message: 'This shop has no file named other.png.',
      data: null,
    });
    const traversal = await shops.ctx.app.inject({
      url: '/tenancy/assets/..%2Fsecret.svg',
      headers: { host: hostOf(shopA) },
    });
    expect(traversal.statusCode).toBe(400);
    expect(traversal.json().status).toBe(400);
  });
});
