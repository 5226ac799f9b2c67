import type { SalesReport } from '@servery/contract/back-office-shapes';
import { spreadsheetCsv } from '../../lib/spreadsheet-csv.ts';
import type { soldOrders } from './reports.repository.ts';

/** Pence as pounds and pence for a spreadsheet (2190 → 21.90); the figures stay exact. */
const pounds = (minor: number) => (minor / 100).toFixed(2);

/** The report as rows of figure and value, then VAT by rate, then top dishes (an accountant's sheet). */
export function reportCsv(report: SalesReport): string {
  const rows: (string | number)[][] = [
    ['Figure', 'Value'],
    ['From', report.from],
    ['To', report.to],
    ['Time zone', report.time_zone],
    ['Currency', report.currency],
    ['Orders', report.orders],
    ['Gross', pounds(report.gross)],
    ['Discounts', pounds(report.discounts)],
    ['Delivery fees', pounds(report.delivery_fees)],
    ['Refunds', pounds(report.refunds)],
    ['Net', pounds(report.net)],
    ['Cash', pounds(report.cash)],
    ['Card', pounds(report.card)],
    ['Average order', pounds(report.average)],
    [],
    ['VAT rate %', 'Net', 'VAT'],
    ...report.vat.map((band) => [band.rate, pounds(band.net), pounds(band.vat)]),
    [],
    ['Dish', 'Quantity', 'Gross'],
    ...report.top_items.map((item) => [item.name, item.quantity, pounds(item.gross)]),
  ];
  return spreadsheetCsv(rows);
}

/** The orders behind a report, one a row. */
export function ordersCsv(
  orders: Awaited<ReturnType<typeof soldOrders>>,
  timeZone: string,
): string {
  const local = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    dateStyle: 'short',
    timeStyle: 'short',
  });
  return spreadsheetCsv(
    orders.map((o) => ({
      number: o.number,
      placed: local.format(o.createdAt),
      store: o.storeName,
      type: o.orderType,
      status: o.status,
      payment: o.method,
      subtotal: pounds(o.subtotal),
      discount: pounds(o.discount),
      delivery_fee: pounds(o.deliveryFee),
      total: pounds(o.total),
      vat: pounds(o.vat),
      refunded: pounds(o.refunded),
    })),
    { header: true },
  );
}
