import { createPortal } from 'react-dom';
import type { SalesReport } from '@servery/contract/back-office-shapes';
import { shopShortDateTime } from '../../lib/shop-time.ts';
import { periodOf } from './report-range.ts';
import { prepareRollPrint } from '../roll-print.ts';
import './z-report.css';

/** Prints the Z report alone, on the 80 mm roll (as the kitchen ticket prints). */
export function printZReport() {
  prepareRollPrint('printing-z-report', document.querySelector<HTMLElement>('body > .z-report'));
  window.print();
}

function Row({ label, value, big }: { label: string; value: string | number; big?: boolean }) {
  return (
    <p className={`z-row${big ? ' z-big' : ''}`}>
      <span>{label}</span>
      <span>{value}</span>
    </p>
  );
}

/** The end of day's ticket: what was sold, VAT by rate, refunds, and the cash to find in the till. */
export function ZReport({
  report,
  shop,
  store,
  money,
}: {
  report: SalesReport;
  shop: string;
  store: string;
  money: (minor: number) => string;
}) {
  return createPortal(
    <section className="z-report" aria-label="Z report for the ticket printer">
      <h1>{shop}</h1>
      <p>{store}</p>
      <p className="z-big">Z REPORT {periodOf(report)}</p>
      <div className="z-rule" />
      <Row label="Orders" value={report.orders} />
      <Row label="Gross" value={money(report.gross)} />
      <Row label="Discounts" value={money(report.discounts)} />
      <Row label="Delivery fees" value={money(report.delivery_fees)} />
      <Row label="Refunds" value={money(report.refunds)} />
      <Row label="Net" value={money(report.net)} big />
      <div className="z-rule" />
      <Row label="Cash" value={money(report.cash)} big />
      <Row label="Card" value={money(report.card)} />
      <div className="z-rule" />
      {report.vat.map((band) => (
        <Row
          key={band.rate}
          label={`VAT ${band.rate}% on ${money(band.net)}`}
          value={money(band.vat)}
        />
      ))}
      <div className="z-rule" />
      <p>Printed {shopShortDateTime(new Date().toISOString(), report.time_zone)}</p>
    </section>,
    document.body,
  );
}
