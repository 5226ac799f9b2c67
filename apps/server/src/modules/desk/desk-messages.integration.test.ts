import { beforeAll, expect, it } from 'vitest';
import { makeTenantDocument } from '../../../test/factories.ts';
import { useMailedApp } from '../../../test/mailed-app.ts';
import { insertTestOrder } from '../../../test/orders.ts';
import { unfold } from '../../../test/smtp-mailbox.ts';
import { staffAgent, type StaffAgent } from '../../../test/staff.ts';
import { until } from '../../../test/until.ts';
import { storesOfTenant } from '../staff/staff.repository.ts';
import { findTenantBySlug } from '../tenants/tenants.repository.ts';

// Issue 20, point 4: the desk's messages about an order link back to it, on the shop's
// configured host whichever of the shop's hosts the kitchen works on, through the real mail
// path (outbox → nodemailer → an SMTP server) and in a text.
const shop = makeTenantDocument();
const orderingHost = shop.hosts.find((h) => h.variant === 'ordering')!.host;
const bookingHost = shop.hosts.find((h) => h.variant === 'reservation')!.host;
const mailed = useMailedApp([shop], { texts: true });
let cook: StaffAgent;
let where: { tenantId: string; storeId: string };

beforeAll(async () => {
  const tenant = (await findTenantBySlug(mailed.ctx.db, shop.slug))!;
  where = { tenantId: tenant.id, storeId: (await storesOfTenant(mailed.ctx.db, tenant.id))[0]!.id };
  // The kitchen signed in on the shop's reservation site: links still go to the ordering host.
  cook = await staffAgent(
    mailed.ctx.app,
    mailed.ctx.db,
    { slug: shop.slug, hosts: [{ host: bookingHost }] },
    'owner',
  );
});

const move = async (id: string, body: object) => {
  const res = await mailed.ctx.app.inject({
    method: 'POST',
    url: `/api/admin/orders/${id}/status`,
    headers: cook.headers,
    payload: body,
  });
  expect(res.statusCode).toBe(200);
};

it('the e-mail for a declined order links to the order on the shop’s own host', async () => {
  const order = await insertTestOrder(mailed.ctx.db, where);
  await move(order.id, { status: 'rejected', reason: 'too_busy' });
  const mail = unfold(await mailed.mailbox.mailTo(order.customerEmail!, 'Subject:'));
  expect(mail).toContain(`Your order: http://${orderingHost}/orders/${order.id}`);
  expect(mail).not.toContain(bookingHost);
});

it('the e-mail for a cancelled order links to it too, and so does the accept before it', async () => {
  const order = await insertTestOrder(mailed.ctx.db, where);
  await move(order.id, { status: 'accepted', minutes: 20 });
  await move(order.id, { status: 'cancelled' });
  const link = `http://${orderingHost}/orders/${order.id}`;
  const cancelled = unfold(await mailed.mailbox.mailTo(order.customerEmail!, 'has cancelled'));
  expect(cancelled).toContain(`Your order: ${link}`);
  const accepted = unfold(await mailed.mailbox.mailTo(order.customerEmail!, 'has accepted'));
  expect(accepted).toContain(`Follow your order: ${link}`);
});

it('a customer with no e-mail address gets the link in the text', async () => {
  const order = await insertTestOrder(mailed.ctx.db, where, { customerEmail: null });
  await move(order.id, { status: 'rejected', reason: 'too_busy' });
  // The text as Twilio receives it (the outbox sends it after the move), to the order's phone.
  const text = await until(
    async () => mailed.twilio.textsTo(order.customerPhone!).find((body) => body.includes(order.id)),
    'the text about the order',
  );
  expect(text).toMatch(
    new RegExp(
      `You have not been charged for it;.* Your order: http://${orderingHost.replace(/\./g, '\\.')}/orders/${order.id}$`,
    ),
  );
});
