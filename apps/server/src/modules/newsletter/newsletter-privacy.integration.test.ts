import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  customers,
  newsletterSubscriptions,
  newsletterUnsubscribeLinks,
} from '../../db/schema.ts';
import { freshIp, post, signIn } from '../../../test/sign-in.ts';
import { staffAgent } from '../../../test/staff.ts';
import { useTwoShops } from '../../../test/two-shops.ts';
import { findTenantBySlug } from '../tenants/tenants.repository.ts';
import { canonicalOrigin } from '../tenants/shop-origin.ts';
import { issueUnsubscribeLink, newsletterEmail } from './newsletter-links.ts';

// Issue 17, point 6: unsubscribing without signing in, and the owner's list with consent times.
const shops = useTwoShops();
const { shopA: shop, shopB: otherShop } = shops;
const host = shops.hostOf(shop);
const otherHost = shops.hostOf(otherShop);
let tenantId = '';

beforeAll(async () => {
  tenantId = (await findTenantBySlug(shops.ctx.db, shop.slug))!.id;
});

const origin = () =>
  canonicalOrigin(
    shop.hosts.map((h) => ({ ...h })),
    { production: true },
  );

async function subscriber(prefix: string) {
  const email = `${prefix}-${randomBytes(4).toString('hex')}@example.com`;
  expect((await post(shops.ctx.app, host, '/api/subscribe', { email })).statusCode).toBe(200);
  const url = await issueUnsubscribeLink(shops.ctx.db, tenantId, email, origin());
  return { email, url: url!, token: url!.split('/').pop()! };
}

const unsubscribeCall = (method: 'GET' | 'POST', token: string, onHost = host) =>
  shops.ctx.app.inject({
    method,
    url: `/api/newsletter/unsubscribe/${token}`,
    headers: { host: onHost },
    remoteAddress: freshIp(),
  });

describe('unsubscribe links', () => {
  it('are built on the shop’s own origin and only their hash is kept', async () => {
    const { url, token } = await subscriber('link');
    expect(url).toBe(`https://${shop.hosts[0]!.host}/unsubscribe/${token}`);
    const stored = await shops.ctx.db.select().from(newsletterUnsubscribeLinks);
    expect(JSON.stringify(stored)).not.toContain(token);
    expect(
      await issueUnsubscribeLink(shops.ctx.db, tenantId, 'nobody@example.com', origin()),
    ).toBeNull();
  });

  it('end every newsletter e-mail built by the server', () => {
    const message = newsletterEmail({
      tenantId,
      shopName: 'Tandoor Lane',
      recipient: 'a@example.com',
      subject: 'New menu',
      text: 'Our winter menu is here.',
      htmlFragment: '<p>Our winter menu is here.</p>',
      unsubscribeUrl: 'https://shop.test/unsubscribe/abc',
    });
    expect(message.kind).toBe('newsletter');
    expect(message.textBody).toContain('Unsubscribe: https://shop.test/unsubscribe/abc');
    expect(message.htmlBody).toContain('href="https://shop.test/unsubscribe/abc"');
  });

  it('unsubscribe without signing in: GET only reads, POST removes, a second POST says the same', async () => {
    const { email, token } = await subscriber('leaver');
    const customer = await signIn(shops.ctx.app, shops.ctx.db, host, { email });
    await shops.ctx.app.inject({
      method: 'POST',
      url: '/api/customer',
      headers: { host, authorization: `Bearer ${customer.token}` },
      payload: { marketing_consent: true },
    });

    const shown = await unsubscribeCall('GET', token);
    expect(shown.statusCode).toBe(200);
    expect(shown.json().data).toEqual({ email: `${email[0]}•••@example.com`, subscribed: true });
    expect(await onList(email)).toBe(true);

    const done = await unsubscribeCall('POST', token);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({
      message: 'You have been unsubscribed.',
      data: { subscribed: false },
    });
    expect(await onList(email)).toBe(false);
    const [row] = await shops.ctx.db
      .select({ consent: customers.marketingConsent })
      .from(customers)
      .where(eq(customers.id, customer.customer.id));
    expect(row!.consent).toBe(false);

    const again = await unsubscribeCall('POST', token);
    expect(again.statusCode).toBe(200);
    expect(again.json().data.subscribed).toBe(false);
  });

  it('answers 404 for a token it never made, or one of another shop', async () => {
    const { email, token } = await subscriber('stays');
    const unknown = randomBytes(32).toString('base64url');
    for (const method of ['GET', 'POST'] as const) {
      const res = await unsubscribeCall(method, unknown);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('This unsubscribe link is not valid.');
      expect((await unsubscribeCall(method, token, otherHost)).statusCode).toBe(404);
    }
    expect((await unsubscribeCall('POST', 'short')).statusCode).toBe(400);
    expect(await onList(email)).toBe(true);
  });
});

async function onList(email: string) {
  const rows = await shops.ctx.db
    .select()
    .from(newsletterSubscriptions)
    .where(
      and(eq(newsletterSubscriptions.tenantId, tenantId), eq(newsletterSubscriptions.email, email)),
    );
  return rows.length === 1;
}

describe('GET /api/admin/newsletter/subscribers', () => {
  it('gives owners the list with each consent time, and writes an audit row', async () => {
    const { email } = await subscriber('listed');
    await post(shops.ctx.app, otherHost, '/api/subscribe', { email: 'elsewhere@example.com' });
    const fan = await signIn(shops.ctx.app, shops.ctx.db, host, {
      email: `fan-${Date.now()}@example.com`,
    });
    await shops.ctx.app.inject({
      method: 'POST',
      url: '/api/customer',
      headers: { host, authorization: `Bearer ${fan.token}` },
      payload: { marketing_consent: true, first_name: 'Sam' },
    });
    const owner = await staffAgent(shops.ctx.app, shops.ctx.db, shop, 'owner');
    const res = await shops.ctx.app.inject({
      method: 'GET',
      url: '/api/admin/newsletter/subscribers',
      headers: owner.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const rows = res.json().data as { email: string; source: string; consented_at: string }[];
    const listed = rows.find((r) => r.email === email);
    expect(listed).toMatchObject({ source: 'newsletter', phone: null });
    expect(Date.parse(listed!.consented_at)).toBeGreaterThan(Date.now() - 60_000);
    expect(rows.find((r) => r.email === fan.customer.email)).toMatchObject({
      source: 'account',
      name: 'Sam',
    });
    expect(rows.map((r) => r.email)).not.toContain('elsewhere@example.com');
    const audit = await shops.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.tenantId, tenantId), eq(auditLog.action, 'newsletter.export')));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorRole: 'owner', after: { rows: rows.length } });
  });

  it('refuses managers and staff with a 403', async () => {
    for (const role of ['manager', 'staff'] as const) {
      const agent = await staffAgent(shops.ctx.app, shops.ctx.db, shop, role);
      const res = await shops.ctx.app.inject({
        method: 'GET',
        url: '/api/admin/newsletter/subscribers',
        headers: agent.headers,
      });
      expect(res.statusCode, role).toBe(403);
    }
  });
});
