import { describe, expect, it } from 'vitest';
import { getTableConfig } from 'drizzle-orm/pg-core';
import { vatBands } from '@servery/contract/pricing';
import type { Executor } from '../../db/client.ts';
import { orders, payments } from '../../db/schema.ts';
import {
  INSERT_ORDER_WITH_PAYMENT,
  ORDER_COLUMNS_LEFT_TO_DEFAULTS,
  insertOrderWithPayment,
  type NewOrder,
  type NewPayment,
} from './orders.repository.ts';

/**
 * The order insert is plain SQL sent through Drizzle's session (a speed shortcut, decision 23):
 * nothing in Drizzle checks it against db/schema.ts. These tests do, so a column added, renamed
 * or moved in the schema fails here rather than in production.
 */

const listAfter = (sql: string, start: string) => {
  const from = sql.indexOf(start);
  expect(from, `"${start}" in the insert`).toBeGreaterThanOrEqual(0);
  const open = sql.indexOf('(', from + start.length - 1);
  let depth = 0;
  for (let i = open; i < sql.length; i++) {
    if (sql[i] === '(') depth++;
    if (sql[i] === ')' && --depth === 0) return splitTop(sql.slice(open + 1, i));
  }
  throw new Error(`unclosed list after ${start}`);
};
/** A comma-separated list, not splitting inside parentheses. */
function splitTop(list: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let part = '';
  for (const ch of list) {
    if (ch === '(') depth++;
    if (ch === ')') depth--;
    if (ch === ',' && depth === 0) {
      parts.push(part.trim());
      part = '';
    } else part += ch;
  }
  return [...parts, part.trim()];
}
const placeholder = (expression: string) => Number(/\$(\d+)/.exec(expression)?.[1] ?? NaN);
const camel = (column: string) => column.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
const serialised = (value: unknown) =>
  value instanceof Date
    ? value.toISOString()
    : value !== null && typeof value === 'object'
      ? JSON.stringify(value)
      : value;

const orderColumns = listAfter(INSERT_ORDER_WITH_PAYMENT, 'insert into orders (');
const orderValues = listAfter(INSERT_ORDER_WITH_PAYMENT, 'values (');
const paymentColumns = listAfter(INSERT_ORDER_WITH_PAYMENT, 'insert into payments (');
const paymentValues = splitTop(
  INSERT_ORDER_WITH_PAYMENT.slice(
    INSERT_ORDER_WITH_PAYMENT.indexOf('select tenant_id') + 'select'.length,
    INSERT_ORDER_WITH_PAYMENT.indexOf('from placed'),
  ),
);

/** Every field a distinct value, so a parameter in the wrong place shows. */
const order: NewOrder = {
  id: '00000000-0000-4000-8000-000000000001',
  tenantId: '00000000-0000-4000-8000-000000000002',
  customerId: '00000000-0000-4000-8000-000000000003',
  storeId: '00000000-0000-4000-8000-000000000004',
  storeName: 'Tandoor Lane Shoreditch',
  storePhone: '020 7946 0000',
  orderType: 'delivery',
  address: {
    address_line1: '1 Brick Lane',
    address_line2: '',
    city: 'London',
    postcode: 'E1 6AN',
    instructions: '',
  },
  asap: true,
  scheduledFor: new Date('2026-11-17T19:45:00Z'),
  lines: [],
  subtotal: 2001,
  deliveryFee: 199,
  discount: 102,
  total: 2098,
  vat: 349,
  currency: 'GBP',
  promoId: '00000000-0000-4000-8000-000000000005',
  promoCode: 'WELCOME',
  notes: 'No onions',
  status: 'pending_payment',
  statusHistory: [{ status: 'pending_payment', at: '2026-11-17T19:00:00.000Z' }],
  createdAt: new Date('2026-11-17T19:00:00Z'),
  updatedAt: new Date('2026-11-17T19:00:01Z'),
};
const payment: NewPayment = {
  method: 'card',
  provider: 'stripe',
  status: 'requires_payment',
  amount: 2098,
  currency: 'EUR',
  intentId: 'pi_1',
  clientSecret: 'pi_1_secret',
  stripeAccount: 'acct_1',
};

/** The parameters insertOrderWithPayment sends, caught at Drizzle's session. */
async function sentParams(): Promise<unknown[]> {
  let params: unknown[] = [];
  const session = {
    prepareQuery: (query: { params: unknown[] }) => {
      params = query.params;
      return { execute: async () => ({ rows: [{ number: 1 }] }) };
    },
  };
  await insertOrderWithPayment({ _: { session } } as unknown as Executor, order, payment);
  return params;
}

describe('the raw order insert against db/schema.ts', () => {
  it('writes every orders column but those left to their defaults, each once', () => {
    const table = getTableConfig(orders).columns;
    expect(new Set(orderColumns).size).toBe(orderColumns.length);
    expect([...orderColumns, ...ORDER_COLUMNS_LEFT_TO_DEFAULTS].sort()).toEqual(
      table.map((c) => c.name).sort(),
    );
    for (const name of ORDER_COLUMNS_LEFT_TO_DEFAULTS) {
      const column = table.find((c) => c.name === name)!;
      expect(column.hasDefault || !column.notNull, `${name} has a default or may be null`).toBe(
        true,
      );
    }
  });

  it('writes only payments columns, and every required one', () => {
    const table = getTableConfig(payments).columns;
    expect(paymentColumns.filter((name) => !table.some((c) => c.name === name))).toEqual([]);
    const required = table.filter((c) => c.notNull && !c.hasDefault).map((c) => c.name);
    expect(required.filter((name) => !paymentColumns.includes(name))).toEqual([]);
  });

  it('sends each column the value of its own field, in the place its placeholder names', async () => {
    const params = await sentParams();
    expect(orderValues).toHaveLength(orderColumns.length);
    expect(paymentValues).toHaveLength(paymentColumns.length);
    const used = [...orderValues, ...paymentValues].map(placeholder).filter((n) => !isNaN(n));
    expect(used.sort((a, b) => a - b)).toEqual(params.map((_, i) => i + 1));
    orderColumns.forEach((column, i) => {
      if (column === 'number') {
        expect(orderValues[i]).toMatch(/^nextval\(\$\d+::regclass\)$/);
        return;
      }
      // The invoice's VAT bands are worked out from the order's lines, fee and discount.
      const value =
        column === 'vat_bands'
          ? vatBands(order.lines, order.deliveryFee, order.discount)
          : order[camel(column) as keyof NewOrder];
      expect(params[placeholder(orderValues[i]!) - 1], column).toEqual(serialised(value));
    });
    paymentColumns.forEach((column, i) => {
      // The order's own tenant and id come from the order just inserted.
      if (column === 'tenant_id' || column === 'order_id') {
        expect(paymentValues[i]).toBe(column === 'tenant_id' ? 'tenant_id' : 'id');
        return;
      }
      const value = payment[camel(column) as keyof NewPayment];
      expect(params[placeholder(paymentValues[i]!) - 1], column).toEqual(value);
    });
  });
});
