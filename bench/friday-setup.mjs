// The people of a Friday service (bench/friday.mjs): customers signed in with the code the log
// transport writes, each with a name and phone (a collection is handed to someone, issue 30),
// the cash collection order they repeat, and the members of staff whose boards are open.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { dirname, join } from 'node:path';
import { call, chooseModifiers } from './orders.mjs';

/** A new customer signed in on `url` (the code read from the log), with a name and a phone. */
export async function signInCustomer(url, mailbox) {
  const email = `friday-${randomBytes(6).toString('hex')}@example.com`;
  await call(url, 'POST', '/api/register', { body: { email } });
  const otp = await mailbox.codeFor(email);
  const { token } = await call(url, 'POST', '/api/verify-otp', { body: { email, otp } });
  await call(url, 'POST', '/api/customer', {
    token,
    body: { first_name: 'Friday', phone: '07700900123' },
  });
  return token;
}

/**
 * A cash collection order of three dishes with choices from three categories, for a slot far
 * enough ahead to stay on offer all run, as the web app would send it.
 */
export async function collectionOrder(url, token) {
  const stores = await call(url, 'GET', '/api/store');
  const store = stores.find((s) => s.order_types.includes('collection') && s.menu_id);
  if (!store) throw new Error('no store of the demo shop takes collection orders');
  const menu = await call(url, 'GET', `/api/menu/${store.id}`);
  const lines = [];
  for (const category of menu.categories) {
    const item = category.items.find((i) => !i.sold_out && i.has_modifiers);
    if (!item) continue;
    const detail = await call(url, 'GET', `/api/menu/item/${item.id}`);
    const choice = chooseModifiers(detail);
    if (choice)
      lines.push({ item_id: item.id, quantity: 1, modifiers: choice.modifiers, note: '' });
    if (lines.length === 3) break;
  }
  const timings = await call(
    url,
    'GET',
    `/api/available-timings?store_id=${store.id}&order_type=collection`,
    { token },
  );
  const slots = timings.days.flatMap((d) => d.slots);
  if (!slots.length) throw new Error(`${store.name} offers no collection slot`);
  const first = Date.parse(slots[0].at);
  const slot = slots.find((s) => Date.parse(s.at) >= first + 30 * 60_000) ?? slots.at(-1);
  const body = {
    store_id: store.id,
    order_type: 'collection',
    when: slot.at,
    lines,
    notes: '',
    payment_method: 'cash',
  };
  // Priced by the server: the answer's unit prices are what the web app would send back.
  const priced = await call(url, 'POST', '/api/order', { token, body });
  body.lines = lines.map((line, i) => ({ ...line, unit_price: priced.order.lines[i].unit_price }));
  // `answer`: the body Servery sent, for the bare servers of the floor (bench/friday-floor.mjs).
  return {
    storeName: store.name,
    body,
    total: priced.order.total,
    answer: JSON.stringify({ data: priced }),
  };
}

/** Members of staff for the boards, put in with the tenant CLI of the build. */
export async function addStaff(serverMain, databaseUrl, count) {
  const cli = join(dirname(serverMain), 'cli/tenant.js');
  const emails = [];
  for (let i = 0; i < count; i++) {
    const email = `friday-board-${randomBytes(4).toString('hex')}@tandoor-lane.test`;
    await new Promise((resolve, reject) =>
      execFile(
        process.execPath,
        [cli, 'add-staff', 'demo', email, '--role', 'owner', '--name', `Board ${i + 1}`],
        { env: { ...process.env, DATABASE_URL: databaseUrl, NODE_ENV: 'development' } },
        (error, _out, stderr) =>
          error ? reject(new Error(`${error.message}\n${stderr}`)) : resolve(),
      ),
    );
    emails.push(email);
  }
  return emails;
}
