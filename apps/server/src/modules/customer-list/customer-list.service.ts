import { CUSTOMER_PAGE_SIZE, type CustomerListQuery } from '@servery/contract/back-office';
import type { CustomerSummary } from '@servery/contract/back-office-shapes';
import { spreadsheetCsv } from '../../lib/spreadsheet-csv.ts';
import type { Database } from '../../db/client.ts';
import { notFound } from '../../lib/app-error.ts';
import type { StaffIdentity } from '../../plugins/staff-session.ts';
import { recordAudit, type AuditActor } from '../audit/audit.repository.ts';
import { decodeCursor, pageOf } from '../order-history/history-cursor.ts';
import {
  findCustomer,
  listCustomers,
  ordersOfCustomer,
  statsOf,
  type CustomerScope,
} from './customer-list.repository.ts';

type CustomerRow = NonNullable<Awaited<ReturnType<typeof findCustomer>>>;
type Stats = Awaited<ReturnType<typeof statsOf>>[number];
/** The most rows one export holds. */
const EXPORT_LIMIT = 50_000;

const scopeOf = (staff: StaffIdentity): CustomerScope => ({
  tenantId: staff.tenantId,
  storeIds: staff.storeIds,
  everyone: staff.role === 'owner',
});

/** A deleted account keeps its orders but shows nothing personal (decision 0021). */
function toSummary(row: CustomerRow, stats: Stats | undefined): CustomerSummary {
  const deleted = row.deletedAt !== null;
  const name = `${row.firstName} ${row.lastName}`.trim();
  return {
    id: row.id,
    deleted,
    name: deleted ? null : name || null,
    email: deleted ? null : row.email,
    phone: deleted ? null : row.phone,
    marketing_consent: deleted ? false : row.marketingConsent,
    orders: stats?.orders ?? 0,
    total_spent: stats?.spent ?? 0,
    last_order_at: stats?.last?.toISOString() ?? null,
  };
}

/** The customer list (issue 29 point 5): owners see every customer, managers their stores'. */
export function createCustomerListService(db: Database) {
  async function summaries(scope: CustomerScope, rows: CustomerRow[]) {
    const stats = await statsOf(
      db,
      scope,
      rows.map((r) => r.id),
    );
    const byId = new Map(stats.map((s) => [s.customerId, s]));
    return rows.map((row) => toSummary(row, byId.get(row.id)));
  }

  async function list(staff: StaffIdentity, query: CustomerListQuery) {
    const scope = scopeOf(staff);
    const filter = { ...(query.q ? { q: query.q } : {}), cursor: decodeCursor(query.cursor) };
    const rows = await listCustomers(db, scope, filter, CUSTOMER_PAGE_SIZE + 1);
    const { page, next } = pageOf(rows, CUSTOMER_PAGE_SIZE, (r) => ({ at: r.createdAt, id: r.id }));
    return { customers: await summaries(scope, page), next_cursor: next };
  }

  async function detail(staff: StaffIdentity, id: string) {
    const scope = scopeOf(staff);
    const row = await findCustomer(db, scope, id);
    if (!row) throw notFound('There is no such customer of your stores.');
    const [[summary], history] = await Promise.all([
      summaries(scope, [row]),
      ordersOfCustomer(db, scope, id),
    ]);
    return {
      ...summary!,
      order_history: history.map(({ createdAt, ...o }) => ({
        ...o,
        created_at: createdAt.toISOString(),
      })),
    };
  }

  /** Every matching customer as CSV; the export itself is audited (who took personal data, when). */
  async function exportCsv(staff: StaffIdentity, actor: AuditActor, query: CustomerListQuery) {
    const scope = scopeOf(staff);
    const rows = await listCustomers(db, scope, query.q ? { q: query.q } : {}, EXPORT_LIMIT);
    const list = await summaries(scope, rows);
    await db.transaction((tx) =>
      recordAudit(tx, actor, {
        action: 'customers.exported',
        entity: 'customers',
        entityId: 'list',
        after: { rows: list.length, ...(query.q ? { q: query.q } : {}) },
      }),
    );
    return spreadsheetCsv(
      list.map((c) => ({
        name: c.deleted ? '(deleted)' : (c.name ?? ''),
        email: c.email ?? '',
        phone: c.phone ?? '',
        marketing_consent: c.marketing_consent ? 'yes' : 'no',
        orders: c.orders,
        total_spent: (c.total_spent / 100).toFixed(2),
        last_order_at: c.last_order_at ?? '',
      })),
      { header: true },
    );
  }

  return { list, detail, exportCsv };
}
export type CustomerListService = ReturnType<typeof createCustomerListService>;
