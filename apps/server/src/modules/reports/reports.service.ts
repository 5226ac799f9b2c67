import { REPORT_MAX_DAYS, type SalesQuery } from '@servery/contract/back-office';
import type { SalesReport } from '@servery/contract/back-office-shapes';
import { addDays } from '@servery/contract/clock';
import type { Database } from '../../db/client.ts';
import { badRequest } from '../../lib/app-error.ts';
import type { StaffIdentity } from '../../plugins/staff-session.ts';
import type { BackOfficeShop } from '../tenants/back-office-shop.ts';
import { tradingDayStartOf } from '../../lib/trading-day.ts';
import { storesOf } from '../order-history/order-history.service.ts';
import {
  givenRefunds,
  hourSums,
  itemSums,
  rateSums,
  soldOrders,
  unbandedOrders,
  type Window,
} from './reports.repository.ts';
import { addRates, salesFigures, vatOfOrders } from './sales-figures.ts';

const DAY = 86_400_000;

const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY) + 1;

/** The sales report (issue 29 points 1 and 2): a range of trading days, one store or all. */
export function createReportsService(db: Database) {
  function windowOf(
    staff: StaffIdentity,
    shop: BackOfficeShop,
    from: string,
    to: string,
    storeId?: string,
  ): Window {
    return {
      tenantId: staff.tenantId,
      storeIds: storesOf(staff, storeId),
      start: tradingDayStartOf(from, shop.timeZone),
      end: tradingDayStartOf(addDays(to, 1), shop.timeZone),
    };
  }

  /** A period's figures: grouped sums in SQL, a few rows each, never the orders themselves. */
  async function period(w: Window, range: { from: string; to: string }, timeZone: string) {
    const [hours, stored, unbanded, items, refunds] = await Promise.all([
      hourSums(db, w, timeZone),
      rateSums(db, w),
      unbandedOrders(db, w),
      itemSums(db, w),
      givenRefunds(db, w),
    ]);
    const vat = addRates(stored, vatOfOrders(unbanded));
    return salesFigures(range, { hours, vat, items }, refunds);
  }

  /** The report; with `withOrders`, the orders behind it too (their CSV export). */
  async function report(
    staff: StaffIdentity,
    shop: BackOfficeShop,
    query: SalesQuery,
    withOrders = false,
  ) {
    const days = daysBetween(query.from, query.to);
    if (days > REPORT_MAX_DAYS) {
      throw badRequest(`A report covers at most ${REPORT_MAX_DAYS} days.`, {
        to: `At most ${REPORT_MAX_DAYS} days after the start`,
      });
    }
    const previous = { from: addDays(query.from, -days), to: addDays(query.from, -1) };
    const window = windowOf(staff, shop, query.from, query.to, query.store_id);
    const [now, before, orders] = await Promise.all([
      period(window, query, shop.timeZone),
      period(
        windowOf(staff, shop, previous.from, previous.to, query.store_id),
        previous,
        shop.timeZone,
      ),
      withOrders ? soldOrders(db, window) : [],
    ]);
    const report: SalesReport = {
      ...now,
      store_id: query.store_id ?? null,
      time_zone: shop.timeZone,
      currency: shop.currency,
      previous: before,
    };
    return { report, orders };
  }

  return { report };
}
export type ReportsService = ReturnType<typeof createReportsService>;
