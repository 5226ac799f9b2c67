// The pages behind a sign-in (issue 33, point 3), in Lighthouse's mobile preset: a customer's
// /checkout with a basket and /orders/{id} for an order of theirs, and the staff desk (about 20
// open orders) and diary (about 16 bookings) at tablet size with the same throttling. One
// production server of their own (embedded database) with the demo shop and a member of staff.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServery } from './api.mjs';
import { browserCookies, placeMany } from './desk-board.mjs';
import { startMailbox } from './mailbox.mjs';
import {
  boardEmail,
  cashOrder,
  placeOrder,
  prepareShop,
  signInStaff,
  stop,
} from './staff-board.mjs';
import { lighthouseMedian, scriptSizes, TABLET } from './web.mjs';

export const SIGNED_IN_RUN = { openOrders: 20, bookings: 16 };

/** The basket as redux-persist keeps it (persist:root, only cartList in it). */
function persistedBasket(order) {
  const cartData = order.body.lines.map((line, i) => ({
    id: `${line.item_id}|${line.modifiers
      .map((m) => `${m.group_id}=${[...m.option_ids].sort().join('+')}`)
      .sort()
      .join(';')}|`,
    item_id: line.item_id,
    store_id: order.body.store_id,
    name: order.lines[i].name,
    image: null,
    unit_price: line.unit_price,
    quantity: line.quantity,
    modifiers: line.modifiers,
    modifier_names: order.lines[i].modifier_names,
    note: '',
  }));
  return JSON.stringify({
    cartList: JSON.stringify({ cart_status: 200, cart_list_data: { cartData } }),
    _persist: JSON.stringify({ version: -1, rehydrated: true }),
  });
}

async function staffCall(url, cookie, method, path, body) {
  const res = await fetch(`${url}${path}`, {
    method,
    headers: { cookie, origin: url, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = await res.json().catch(() => null);
  if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${JSON.stringify(json)}`);
  return json.data;
}

/** Phone bookings for today, spread over the day's times (over capacity: the owner may). */
async function bookToday(url, cookie, count) {
  const session = await staffCall(url, cookie, 'GET', '/api/admin/session');
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: session.shop.timeZone }).format(
    new Date(),
  );
  const day = await staffCall(url, cookie, 'GET', `/api/admin/bookings?date=${today}`);
  const times = day.services.flatMap((s) => s.slots.map((slot) => slot.time));
  if (!times.length) throw new Error(`the demo shop takes no bookings on ${today}`);
  for (let i = 0; i < count; i++) {
    await staffCall(url, cookie, 'POST', '/api/admin/bookings', {
      date: today,
      time: times[i % times.length],
      number_of_people: 2 + (i % 5),
      name: `Bench Guest ${i + 1}`,
      phone: `07700 900${String(100 + i)}`,
      source: 'phone',
      over_capacity: true,
    });
  }
}

async function audit(path, url, options, headers) {
  const lh = await lighthouseMedian(url, undefined, options);
  const js = lh.median ? await scriptSizes(lh.median.scripts, headers) : null;
  console.log(JSON.stringify({ [path]: { js, lh } }));
  return { path, js, lh };
}

/** /checkout, /orders/{id}, the desk and the diary, each Lighthouse's median of 3. */
export async function benchSignedInPages({ serverMain }) {
  const mailbox = await startMailbox();
  const dataDir = mkdtempSync(join(tmpdir(), 'servery-bench-signed-in-'));
  let server;
  try {
    const email = boardEmail();
    await prepareShop(serverMain, { dataDir, email });
    server = await startServery(dataDir, { smtpUrl: mailbox.url, main: serverMain });
    const { url } = server;
    const order = await cashOrder(url, mailbox);
    const orderId = await placeOrder(url, order);
    const cookie = await signInStaff(url, mailbox, email);
    await placeMany(url, order, SIGNED_IN_RUN.openOrders - 1);
    await bookToday(url, cookie, SIGNED_IN_RUN.bookings);

    // A returning customer: signed in, cookies answered, the basket kept from the menu.
    const customer = {
      seed: {
        localStorage: {
          userData: JSON.stringify(order.userData),
          'persist:root': persistedBasket(order),
        },
        cookies: [{ name: 'cookiesAccepted', value: 'true' }],
      },
    };
    // A member of staff's browser as a sign-in leaves it: the session and its readable hint in
    // the jar (desk-board.mjs's browserCookies).
    const staff = { seed: { cookies: browserCookies(url, cookie) }, screen: TABLET };
    return [
      await audit('/checkout (a basket of 3 dishes)', `${url}/checkout`, customer),
      await audit('/orders/{id} (placed, cash)', `${url}/orders/${orderId}`, customer),
      await audit(
        `/admin/desk (${SIGNED_IN_RUN.openOrders} open orders, 1024x768)`,
        `${url}/admin/desk`,
        staff,
        { cookie },
      ),
      await audit(
        `/admin/bookings, the diary (${SIGNED_IN_RUN.bookings} bookings, 1024x768)`,
        `${url}/admin/bookings`,
        staff,
        { cookie },
      ),
    ];
  } finally {
    await stop(server);
    await mailbox.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
