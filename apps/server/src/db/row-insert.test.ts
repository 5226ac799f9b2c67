import { getTableColumns } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, liveEvents, orders, outboxMessages, payments } from './schema.ts';
import { changeAndRows, insertText, rowInsert } from './row-insert.ts';
import {
  ORDER_NUMBER_MARK,
  orderAndPayment,
  withOrderNumber,
  type NewOrder,
  type NewPayment,
} from '../modules/orders/orders.repository.ts';
import { orderNumberSequence } from '../modules/tenants/tenants.repository.ts';

// Decision 53: the busiest writes (an order and its payment, a desk move's audit row, a message,
// a live event) are inserts whose text db/row-insert.ts writes from db/schema.ts.
describe('the inserts written by row-insert.ts', () => {
  it('name the columns as the schema does, leave undefined ones out and encode each value', () => {
    const params: unknown[] = ['a value already there'];
    const text = insertText(
      rowInsert(auditLog, {
        tenantId: '00000000-0000-4000-8000-000000000001',
        actorId: null,
        actorEmail: 'owner@example.com',
        actorRole: 'owner',
        action: 'order.accepted',
        entity: 'order',
        entityId: 'o-1',
        before: { status: 'placed' },
        after: undefined,
      }),
      params,
      'changed',
    );
    expect(text).toBe(
      'insert into "audit_log" ("tenant_id", "actor_id", "actor_email", "actor_role", "action", ' +
        '"entity", "entity_id", "before") select $2, null, $3, $4, $5, $6, $7, $8 from changed',
    );
    expect(params.slice(1)).toEqual([
      '00000000-0000-4000-8000-000000000001',
      'owner@example.com',
      'owner',
      'order.accepted',
      'order',
      'o-1',
      '{"status":"placed"}',
    ]);
  });

  it('write a change first and each row from it, numbering the values on', () => {
    const statement = changeAndRows(
      { sql: 'update orders set notes = $1 returning *', params: ['x'] },
      [
        rowInsert(liveEvents, {
          tenantId: '00000000-0000-4000-8000-000000000001',
          storeId: null,
          kind: 'order.status',
          entityId: 'o-1',
          createdAt: new Date('2026-11-28T09:00:00Z'),
        }),
      ],
    );
    expect(statement.sql).toBe(
      'with changed as (update orders set notes = $1 returning *), alongside_1 as (insert into ' +
        '"live_events" ("tenant_id", "store_id", "kind", "entity_id", "created_at") select $2, ' +
        'null, $3, $4, $5 from changed)',
    );
    expect(statement.params).toEqual([
      'x',
      '00000000-0000-4000-8000-000000000001',
      'order.status',
      'o-1',
      '2026-11-28T09:00:00.000Z',
    ]);
  });

  it('work out a computed column in the statement: an order numbered by its insert, named in its message', () => {
    const tenantId = '00000000-0000-4000-8000-000000000001';
    const order = { tenantId, id: '00000000-0000-4000-8000-000000000002' } as NewOrder;
    const { change } = orderAndPayment({ ...order, lines: [], deliveryFee: 0, discount: 0 }, {
      method: 'cash',
    } as NewPayment);
    // The number is the sequence's, drawn by the insert: the last column and the last value.
    expect(change.sql).toMatch(
      /^insert into "orders" \(.*"number"\) values \(.*nextval\(\$(\d+)::regclass\)\) returning id, number$/,
    );
    const slot = Number(/nextval\(\$(\d+)/.exec(change.sql)![1]);
    expect(change.params[slot - 1]).toBe(orderNumberSequence(tenantId));

    const params: unknown[] = [];
    const text = insertText(
      rowInsert(
        outboxMessages,
        {
          tenantId,
          channel: 'sms',
          recipient: '+447700900123',
          kind: 'x',
          senderName: 'Shop',
          textBody: 'stand-in',
        },
        { textBody: withOrderNumber(`Your order ${ORDER_NUMBER_MARK} is in`) },
      ),
      params,
      'changed',
    );
    expect(text).toBe(
      'insert into "outbox_messages" ("tenant_id", "channel", "recipient", "kind", ' +
        '"sender_name", "text_body") select $1, $2, $3, $4, $5, replace($6, $7, ' +
        'changed.number::text) from changed',
    );
    expect(params.slice(5)).toEqual([`Your order ${ORDER_NUMBER_MARK} is in`, ORDER_NUMBER_MARK]);
    // Only beside the order's insert is there a number to put in.
    expect(() => withOrderNumber('x')([], undefined)).toThrow();
  });

  // A column left out takes the database's default: one made in JavaScript ($defaultFn,
  // $onUpdate) would be skipped without a word, so none of these tables may have one.
  it.each([
    ['orders', orders],
    ['payments', payments],
    ['audit_log', auditLog],
    ['outbox_messages', outboxMessages],
    ['live_events', liveEvents],
  ] as const)('%s has no default made in JavaScript', (_name, table) => {
    const made = Object.entries(getTableColumns(table))
      .filter(([, column]) => column.defaultFn !== undefined || column.onUpdateFn !== undefined)
      .map(([key]) => key);
    expect(made).toEqual([]);
  });
});
