// Placing orders (architecture.md "Performance budgets"): POST /api/order with a realistic order
// (three dishes with their choices, delivered, paid by card through the demo provider) from one
// signed-in customer, 50 connections, on the embedded database and on PostgreSQL.
import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import { cpuSeconds, postgresCpuSeconds, sampleWaits } from './cpu-and-waits.mjs';

const CONNECTIONS = 50;
/** The slot ordered for must stay on offer all run: one at least this long after the first. */
const SLOT_MARGIN_MS = 30 * 60_000;

/** One API call as the web app makes it; the envelope's data, or an error naming the answer. */
export async function call(url, method, path, { token, body } = {}) {
  const res = await fetch(url + path, {
    method,
    headers: {
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = await res.json().catch(() => null);
  if (!res.ok) {
    throw new Error(`${method} ${path} answered ${res.status}: ${JSON.stringify(json)}`);
  }
  return json.data;
}

/**
 * Signs a new customer in with the code the server e-mails to the bench's mailbox: verify-otp's
 * answer, the token and the customer (what the web app keeps as userData).
 */
async function signIn(url, mailbox) {
  const email = `bench-${randomBytes(6).toString('hex')}@example.com`;
  await call(url, 'POST', '/api/register', { body: { email } });
  const otp = await mailbox.codeFor(email);
  return call(url, 'POST', '/api/verify-otp', { body: { email, otp } });
}

/** The options a customer picks for a dish: each group's minimum, or one where none is asked. */
export function chooseModifiers(detail) {
  const modifiers = [];
  let unit = detail.price;
  for (const group of detail.modifier_groups) {
    const available = group.options.filter((o) => !o.sold_out);
    const count = Math.min(group.max, Math.max(group.min, 1));
    if (available.length < count) return null;
    const chosen = available.slice(0, count);
    modifiers.push({ group_id: group.id, option_ids: chosen.map((o) => o.id) });
    unit += chosen.reduce((sum, o) => sum + o.price_delta, 0);
  }
  return { modifiers, unit: Math.max(0, unit) };
}

/**
 * Builds the order the load repeats, as the web app would send it, and places it once to check
 * that it answers 200.
 */
export async function prepareOrder(url, mailbox) {
  const signedIn = await signIn(url, mailbox);
  const { token } = signedIn;
  const stores = await call(url, 'GET', '/api/store');
  const store = stores.find((s) => s.order_types.includes('delivery') && s.menu_id);
  if (!store) throw new Error('no store of the demo shop delivers from a menu');
  const zone = store.delivery_zones.find((z) => z.district === 'E1') ?? store.delivery_zones[0];
  if (!zone) throw new Error(`${store.name} has no delivery zone`);
  // A delivery needs the customer's name and phone (issue 20).
  const profile = await call(url, 'POST', '/api/customer', {
    token,
    body: { first_name: 'Bench', phone: '07700900123' },
  });
  const address = await call(url, 'POST', '/api/customer-addresses', {
    token,
    body: {
      label: 'Home',
      address_line1: '1 Bench Street',
      city: 'London',
      postcode: zone.district === 'E1' ? 'E1 6AN' : `${zone.district} 1AA`,
      instructions: 'Ring the bell',
    },
  });

  // Three dishes with choices, from three categories.
  const menu = await call(url, 'GET', `/api/menu/${store.id}`);
  const lines = [];
  for (const category of menu.categories) {
    const item = category.items.find((i) => !i.sold_out && i.has_modifiers);
    if (!item) continue;
    const detail = await call(url, 'GET', `/api/menu/item/${item.id}`);
    const choice = chooseModifiers(detail);
    if (!choice) continue;
    lines.push({
      item_id: item.id,
      quantity: 1,
      modifiers: choice.modifiers,
      note: '',
      unit: choice.unit,
    });
    if (lines.length === 3) break;
  }
  if (lines.length < 3) {
    throw new Error('the delivering store has fewer than 3 dishes with choices');
  }
  // Enough of them to pass the zone's minimum order.
  const food = () => lines.reduce((sum, line) => sum + line.unit * line.quantity, 0);
  for (let i = 0; food() < zone.minimum_order; i++) lines[i % lines.length].quantity += 1;

  // A slot, not ASAP (ASAP needs the store open), far enough ahead not to lapse during the load.
  const timings = await call(
    url,
    'GET',
    `/api/available-timings?store_id=${store.id}&order_type=delivery`,
    { token },
  );
  const slots = timings.days.flatMap((d) => d.slots);
  if (!slots.length) throw new Error('the delivering store offers no delivery slot');
  const first = Date.parse(slots[0].at);
  const slot = slots.find((s) => Date.parse(s.at) >= first + SLOT_MARGIN_MS) ?? slots.at(-1);

  const body = {
    store_id: store.id,
    order_type: 'delivery',
    address_id: address.id,
    when: slot.at,
    lines: lines.map(({ unit, ...line }) => ({ ...line, unit_price: unit })),
    notes: 'Please bring extra napkins.',
    payment_method: 'card',
  };
  const placed = await call(url, 'POST', '/api/order', { token, body });
  return {
    token,
    body,
    // For the page bench's signed-in customer (bench/signed-in-pages.mjs): the session as the
    // web app keeps it, and the lines as the order answered them (names and choices).
    userData: { ...signedIn, customer: profile },
    lines: placed.order.lines,
    summary: {
      store: store.name,
      district: zone.district,
      lines: placed.order.lines.map(
        (l) =>
          `${l.quantity} × ${l.name}${l.modifier_names.length ? ` (${l.modifier_names.join(', ')})` : ''}`,
      ),
      total: placed.order.total,
      minimumOrder: zone.minimum_order,
      bytes: JSON.stringify(body).length,
      answerBytes: JSON.stringify(placed).length,
    },
  };
}

/** Seconds of the same load first, not counted: the JIT and the connection pool warm up. */
const WARMUP_SECONDS = 3;

/** Orders sent so far by this process: each order's note is its number. */
let sent = 0;

function fire(url, prepared, duration) {
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: `${url}/api/order`,
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${prepared.token}`,
        },
        // Each order its own note: the same basket sent again by the same customer takes up
        // that customer's unpaid order (issue 20, unpaid-orders.ts) instead of writing a new one.
        requests: [
          {
            setupRequest: (request) => ({
              ...request,
              body: JSON.stringify({ ...prepared.body, notes: `Bench order ${(sent += 1)}` }),
            }),
          },
        ],
        connections: CONNECTIONS,
        duration,
      },
      (err, res) => (err ? reject(err) : resolve(res)),
    );
  });
}

/**
 * The number the shop gives its next order, read by placing one (its own note, so it is a new
 * order). The customer's list cannot count the load's orders: it shows only the newest of the
 * orders awaiting payment (issue 20), and the bench pays for none.
 */
async function nextOrderNumber(url, prepared) {
  const placed = await call(url, 'POST', '/api/order', {
    token: prepared.token,
    body: { ...prepared.body, notes: `Bench count ${(sent += 1)}` },
  });
  return placed.order.number;
}

/** The orders written between two counts: the numbers between the two counting orders. */
async function ordersSaved(url, prepared, before) {
  // autocannon stops counting when its time is up, not when the last answer comes.
  await new Promise((resolve) => setTimeout(resolve, 2000));
  return (await nextOrderNumber(url, prepared)) - before - 1;
}

/** autocannon's 50 connections, each posting the same order for `duration` seconds. */
export async function loadOrders(url, prepared, { duration, serverPid, postgres }) {
  await fire(url, prepared, WARMUP_SECONDS);
  const numberBefore = await nextOrderNumber(url, prepared);
  const stopSampling = postgres ? sampleWaits(postgres.adminUrl, postgres.database) : null;
  // autocannon runs in this process: its CPU is this process's (the wait sampler's share is
  // a query every 100 ms), on the same cores as Servery and PostgreSQL.
  const cpuBefore = {
    servery: cpuSeconds([serverPid]),
    postgres: postgres ? postgresCpuSeconds() : null,
    bench: cpuSeconds([process.pid]),
  };
  const started = process.hrtime.bigint();
  const result = await fire(url, prepared, duration);
  const wall = Number(process.hrtime.bigint() - started) / 1e9;
  const cpuAfter = {
    servery: cpuSeconds([serverPid]),
    postgres: postgres ? postgresCpuSeconds() : null,
    bench: cpuSeconds([process.pid]),
  };
  const waits = stopSampling ? await stopSampling() : null;
  const cores = (seconds) => Math.round((seconds / wall) * 100) / 100;
  // What a failing request answers, so a non-2xx count comes with its reason.
  let failure = null;
  if (result.non2xx) {
    const res = await fetch(`${url}/api/order`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${prepared.token}` },
      body: JSON.stringify(prepared.body),
    });
    failure = `${res.status} ${(await res.text()).slice(0, 300)}`;
  }
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    ok: result['2xx'],
    non2xx: result.non2xx,
    // autocannon's errors include its timeouts (no answer within 10 s).
    errors: result.errors,
    timeouts: result.timeouts,
    saved: await ordersSaved(url, prepared, numberBefore),
    serveryCores: cores(cpuAfter.servery - cpuBefore.servery),
    postgresCores:
      postgres && cpuBefore.postgres !== null && cpuAfter.postgres !== null
        ? cores(cpuAfter.postgres - cpuBefore.postgres)
        : null,
    loadGeneratorCores: cores(cpuAfter.bench - cpuBefore.bench),
    waits,
    failure,
    warmup: WARMUP_SECONDS,
    connections: CONNECTIONS,
  };
}
