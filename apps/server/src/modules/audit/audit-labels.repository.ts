import { and, eq, inArray } from 'drizzle-orm';
import { calendarDate, clockSpan, minutesOf, slotClockTime } from '@servery/contract/clock';
import type { Executor } from '../../db/client.ts';
import {
  bookings,
  menuCategories,
  menuItems,
  orders,
  promos,
  staffMembers,
  stores,
} from '../../db/schema.ts';

/** The part of an audit row a label is made from. */
export interface LabelledRow {
  entity: string;
  entityId: string;
  before: unknown;
  after: unknown;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Things with no row of their own: named by what they are. */
const FIXED: Record<string, string> = {
  shop: 'Whole shop',
  customers: 'Customer list',
  newsletter: 'Subscribers',
};

const field = (value: unknown, key: string): string | null => {
  const found = value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : null;
  return typeof found === 'string' && found ? found : null;
};

/** What the audit row itself said of the thing: a deleted thing keeps its last known name. */
function fromRow(row: LabelledRow): string | null {
  const named = (key: string) => field(row.after, key) ?? field(row.before, key);
  if (row.entity === 'promo') return named('code');
  if (row.entity === 'closeout') {
    const date = named('date');
    return date ? `${calendarDate(date)}, ${closeoutTimes(named('from'), named('until'))}` : null;
  }
  return named('name');
}

const HHMM = /^\d{2}:\d{2}$/;

/**
 * A close-out's times as the diary prints them: "12:00 PM – 3:00 PM", or "the whole day" (from
 * 00:00 to 24:00); times not of the shape it keeps, as they are.
 */
function closeoutTimes(from: string | null, until: string | null): string {
  if (!from || !until || !HHMM.test(from) || !HHMM.test(until)) {
    return `${from ?? ''}–${until ?? ''}`;
  }
  const [start, end] = [minutesOf(from), minutesOf(until)];
  return start === 0 && end >= 24 * 60 ? 'the whole day' : clockSpan(start, end);
}

/**
 * The audit listing's labels, one query per kind of thing on the page (not one per row), each
 * scoped by the tenant: an id of another tenant names nothing. Ids that are not uuids never
 * reach a uuid column (a slug would make PostgreSQL refuse the whole statement).
 */
export async function auditLabels(
  db: Executor,
  tenantId: string,
  rows: readonly LabelledRow[],
): Promise<(string | null)[]> {
  const idsOf = (
    entity: string,
    ids: (row: LabelledRow) => (string | null)[] = (r) => [r.entityId],
  ) => [
    ...new Set(
      rows
        .filter((r) => r.entity === entity)
        .flatMap(ids)
        .filter((id): id is string => id !== null && UUID.test(id)),
    ),
  ];
  const staffOfDevice = (r: LabelledRow) => [
    field(r.after, 'staff_id') ?? field(r.before, 'staff_id'),
  ];
  const staffIds = [...new Set([...idsOf('staff'), ...idsOf('push_subscription', staffOfDevice)])];
  const optionSlugs = new Set(
    rows.filter((r) => r.entity === 'menu_option').map((r) => r.entityId),
  );

  const named = async <T extends { id: string }>(ids: string[], read: () => Promise<T[]>) =>
    ids.length ? read() : [];
  const [orderRows, itemRows, categoryRows, promoRows, staffRows, storeRows, bookingRows, options] =
    await Promise.all([
      named(idsOf('order'), () =>
        db
          .select({ id: orders.id, number: orders.number })
          .from(orders)
          .where(and(eq(orders.tenantId, tenantId), inArray(orders.id, idsOf('order')))),
      ),
      named(idsOf('menu_item'), () =>
        db
          .select({ id: menuItems.id, name: menuItems.name })
          .from(menuItems)
          .where(and(eq(menuItems.tenantId, tenantId), inArray(menuItems.id, idsOf('menu_item')))),
      ),
      named(idsOf('menu_category'), () =>
        db
          .select({ id: menuCategories.id, name: menuCategories.name })
          .from(menuCategories)
          .where(
            and(
              eq(menuCategories.tenantId, tenantId),
              inArray(menuCategories.id, idsOf('menu_category')),
            ),
          ),
      ),
      named(idsOf('promo'), () =>
        db
          .select({ id: promos.id, code: promos.code })
          .from(promos)
          .where(and(eq(promos.tenantId, tenantId), inArray(promos.id, idsOf('promo')))),
      ),
      named(staffIds, () =>
        db
          .select({ id: staffMembers.id, name: staffMembers.name, email: staffMembers.email })
          .from(staffMembers)
          .where(and(eq(staffMembers.tenantId, tenantId), inArray(staffMembers.id, staffIds))),
      ),
      named(idsOf('store'), () =>
        db
          .select({ id: stores.id, name: stores.name })
          .from(stores)
          .where(and(eq(stores.tenantId, tenantId), inArray(stores.id, idsOf('store')))),
      ),
      named(idsOf('booking'), () =>
        db
          .select({
            id: bookings.id,
            name: bookings.name,
            date: bookings.date,
            time: bookings.time,
          })
          .from(bookings)
          .where(and(eq(bookings.tenantId, tenantId), inArray(bookings.id, idsOf('booking')))),
      ),
      // An option is named by its slug on every dish that offers it; its name is in the dishes.
      optionSlugs.size
        ? db
            .select({ groups: menuItems.modifierGroups })
            .from(menuItems)
            .where(eq(menuItems.tenantId, tenantId))
        : Promise.resolve([]),
    ]);

  const byId = new Map<string, string>();
  for (const o of orderRows) byId.set(`order:${o.id}`, `#${o.number}`);
  for (const i of itemRows) byId.set(`menu_item:${i.id}`, i.name);
  for (const c of categoryRows) byId.set(`menu_category:${c.id}`, c.name);
  for (const p of promoRows) byId.set(`promo:${p.id}`, p.code);
  for (const s of storeRows) byId.set(`store:${s.id}`, s.name);
  for (const b of bookingRows) {
    byId.set(`booking:${b.id}`, `${b.name}, ${calendarDate(b.date)}, ${slotClockTime(b.time)}`);
  }
  const people = new Map(staffRows.map((s) => [s.id, s.name || s.email]));
  for (const [id, name] of people) byId.set(`staff:${id}`, name);
  for (const { groups } of options) {
    for (const option of groups.flatMap((g) => g.options)) {
      if (optionSlugs.has(option.slug)) byId.set(`menu_option:${option.slug}`, option.name);
    }
  }

  return rows.map((row) => {
    if (row.entity === 'push_subscription') {
      const owner = staffOfDevice(row)[0];
      const name = owner ? people.get(owner) : undefined;
      return name ? `${name}’s device` : null;
    }
    return FIXED[row.entity] ?? byId.get(`${row.entity}:${row.entityId}`) ?? fromRow(row);
  });
}
