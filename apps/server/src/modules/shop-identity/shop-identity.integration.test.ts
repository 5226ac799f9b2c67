import { describe, expect, it } from 'vitest';
import type { StoreSummary } from '@servery/contract/menu';
import type { ShopIdentity, StoreContact } from '@servery/contract/shop-identity';
import { openServiceShop, useServiceApp } from '../../../test/service-shop.ts';
import { staffAgent } from '../../../test/staff.ts';

// Walk item 10: the shop's name, colours and contacts, and its stores' addresses and phones,
// changed on a screen rather than by importing the tenant document again.
const service = useServiceApp();

async function openShop() {
  const shop = await openServiceShop(service.ctx);
  const owner = await staffAgent(service.ctx.app, service.ctx.db, shop.shop, 'owner');
  const read = async (agent = owner) => {
    const res = await shop.admin('GET', '/api/admin/shop/identity', undefined, agent);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as ShopIdentity;
  };
  const config = async () =>
    (
      await service.ctx.app.inject({
        method: 'POST',
        url: '/api/loadconfig',
        headers: { host: shop.host },
      })
    ).json().data;
  return { ...shop, owner, read, config };
}

describe('the shop’s name, colours and contacts', () => {
  it('are saved by an owner and are on the storefront at once, audited field by field', async () => {
    const shop = await openShop();
    const first = await shop.read();
    expect(first).toMatchObject({
      websiteName: shop.shop.websiteName,
      colorPalatte: '#123456',
      contactNumber: '020 7946 0000',
      editable: true,
      stores: [{ store_name: 'Main Store', postcode: expect.any(String) }, { store_name: 'Kiosk' }],
    });
    // Read once, so the storefront's answer is in this process's cache before the change.
    expect((await shop.config()).websiteName).toBe(shop.shop.websiteName);

    const saved = await shop.admin(
      'PATCH',
      '/api/admin/shop/identity',
      {
        websiteName: '  Curry Corner  ',
        colorPalatte: '#7a1f5c',
        SecondaryColorPalatte: '#ffd166',
        contactNumber: '020 7000 1234',
        supportEmail: 'hello@curry-corner.example',
        locationData: {
          addressLine1: '9 Brick Lane',
          addressLine2: 'London E1 6QL',
          directionLink: 'https://maps.example.com/?q=E1+6QL',
        },
        version: first.version,
      },
      shop.owner,
    );
    expect(saved.statusCode, saved.body).toBe(200);
    const after = saved.json().data as ShopIdentity;
    expect(after).toMatchObject({ websiteName: 'Curry Corner', colorPalatte: '#7a1f5c' });
    expect(after.version).not.toBe(first.version);
    expect(saved.headers.etag).toBe(`"${after.version}"`);

    expect(await shop.config()).toMatchObject({
      websiteName: 'Curry Corner',
      colorPalatte: '#7a1f5c',
      SecondaryColorPalatte: '#ffd166',
      contactNumber: '020 7000 1234',
      supportEmail: 'hello@curry-corner.example',
      locationData: { addressLine1: '9 Brick Lane', addressLine2: 'London E1 6QL' },
    });
    const page = await service.ctx.app.inject({
      method: 'GET',
      url: '/',
      headers: { host: shop.host },
    });
    expect(page.body).toContain('<title>Curry Corner</title>');
    expect(page.body).toContain('<meta name="theme-color" content="#7a1f5c">');
    const home = (await shop.get('/api/home')).json().data;
    expect(home.getInTouch).toEqual({
      contactNumber: '020 7000 1234',
      supportEmail: 'hello@curry-corner.example',
    });

    const [audit] = await shop.auditRows('shop.identity');
    expect(audit).toMatchObject({ entity: 'shop', actorRole: 'owner' });
    // Only what changed, so the audit log reads as what was done.
    expect(Object.keys(audit!.after as object).sort()).toEqual([
      'SecondaryColorPalatte',
      'addressLine1',
      'addressLine2',
      'colorPalatte',
      'contactNumber',
      'directionLink',
      'supportEmail',
      'websiteName',
    ]);
    expect(audit!.before).toMatchObject({ websiteName: shop.shop.websiteName });
  });

  it('refuses a colour the storefront cannot write on, a bad address and a stale save, changing nothing', async () => {
    const shop = await openShop();
    const { version } = await shop.read();
    const patch = (body: object) =>
      shop.admin('PATCH', '/api/admin/shop/identity', { version, ...body }, shop.owner);

    const pale = await patch({ colorPalatte: '#ffd166' });
    expect(pale.statusCode).toBe(400);
    expect(pale.json().errors.colorPalatte).toMatch(/contrast of at least 4\.5:1/);
    const bad = await patch({ supportEmail: 'not an address', websiteName: '   ' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['supportEmail', 'websiteName']);
    expect((await patch({ IsShopClosed: 1 })).statusCode).toBe(400);
    expect((await patch({ headerLogo: 'elsewhere.png' })).statusCode).toBe(400);
    const unversioned = await shop.admin(
      'PATCH',
      '/api/admin/shop/identity',
      { websiteName: 'No version' },
      shop.owner,
    );
    expect(unversioned.statusCode).toBe(428);

    // A colleague saves first: the second save with the same version is refused, shown theirs.
    expect((await patch({ websiteName: 'First' })).statusCode).toBe(200);
    const stale = await patch({ websiteName: 'Second' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().current).toMatchObject({ websiteName: 'First' });
    // The If-Match header says the same as the body's version.
    const current = (await shop.read()).version;
    const withHeader = await service.ctx.app.inject({
      method: 'PATCH',
      url: '/api/admin/shop/identity',
      headers: { ...shop.owner.headers, 'if-match': `"${current}"` },
      payload: { websiteName: 'Third' },
    });
    expect(withHeader.statusCode, withHeader.body).toBe(200);
    expect((await shop.config()).websiteName).toBe('Third');
    expect(await shop.auditRows('shop.identity')).toHaveLength(2);
    // The closed switch is another editor's: changing it does not make this one's version stale.
    const { version: before } = await shop.read();
    await shop.admin('PATCH', '/api/admin/shop', { IsShopClosed: 1 }, shop.owner);
    expect((await shop.read()).version).toBe(before);
  });
});

describe('who may change what', () => {
  it('a manager of one store reads the shop, changes only that store’s address and phone', async () => {
    const shop = await openShop();
    const own = await staffAgent(service.ctx.app, service.ctx.db, shop.shop, 'manager', {
      stores: ['main'],
    });
    const seen = await shop.read(own);
    expect(seen.editable).toBe(false);
    expect(seen.stores.map((s) => s.store_name)).toEqual(['Main Store']);
    const main = seen.stores[0]!;

    const renamed = await shop.admin(
      'PATCH',
      '/api/admin/shop/identity',
      { websiteName: 'Mine now', version: seen.version },
      own,
    );
    expect(renamed.statusCode).toBe(403);
    expect(renamed.json().message).toMatch(/works in all of them/);
    expect((await shop.config()).websiteName).toBe(shop.shop.websiteName);

    const kiosk = (await shop.read()).stores.find((s) => s.store_name === 'Kiosk')!;
    const elsewhere = await shop.admin(
      'PATCH',
      `/api/admin/stores/${kiosk.store_id}/contact`,
      { phone: '020 7000 0000', version: kiosk.version },
      own,
    );
    expect(elsewhere.statusCode).toBe(404);

    const moved = await shop.admin(
      'PATCH',
      `/api/admin/stores/${main.store_id}/contact`,
      {
        address_line1: '12 Commercial Street',
        postcode: 'e1 6ln',
        phone: '020 7000 5555',
        version: main.version,
      },
      own,
    );
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().data as StoreContact).toMatchObject({
      address_line1: '12 Commercial Street',
      postcode: 'E1 6LN',
      phone: '020 7000 5555',
      city: main.city,
    });
    const stores = (await shop.get('/api/store')).json().data as StoreSummary[];
    expect(stores.find((s) => s.id === main.store_id)).toMatchObject({
      address_line1: '12 Commercial Street',
      postcode: 'E1 6LN',
      phone: '020 7000 5555',
    });
    const [audit] = await shop.auditRows('store.contact');
    expect(audit).toMatchObject({
      entity: 'store',
      entityId: main.store_id,
      before: { name: 'Main Store', address_line1: main.address_line1, phone: main.phone },
      after: { name: 'Main Store', address_line1: '12 Commercial Street', phone: '020 7000 5555' },
    });

    // Stale, and not a postcode: refused, the store as saved.
    const stale = await shop.admin(
      'PATCH',
      `/api/admin/stores/${main.store_id}/contact`,
      { phone: '020 7000 6666', version: main.version },
      own,
    );
    expect(stale.statusCode).toBe(409);
    expect(stale.json().current).toMatchObject({ phone: '020 7000 5555' });
    const wrong = await shop.admin(
      'PATCH',
      `/api/admin/stores/${main.store_id}/contact`,
      { postcode: 'London', direction_link: 'http://maps', version: moved.json().data.version },
      own,
    );
    expect(wrong.statusCode).toBe(400);
    expect(Object.keys(wrong.json().errors).sort()).toEqual(['direction_link', 'postcode']);
    expect((await shop.read(own)).stores[0]).toMatchObject({ phone: '020 7000 5555' });

    // A cook has no shop:edit at all.
    const cook = await shop.admin('GET', '/api/admin/shop/identity', undefined, shop.cook);
    expect(cook.statusCode).toBe(403);
  });
});
