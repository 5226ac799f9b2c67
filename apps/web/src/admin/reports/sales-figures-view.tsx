import type { SalesReport } from '@servery/contract/back-office-shapes';
import { CARD_CLASS } from '../../components/ui/card.tsx';
import { NO_ORDERS } from './report-range.ts';

type Money = (minor: number) => string;

const FIGURES: { key: keyof SalesReport & string; label: string; money: boolean }[] = [
  { key: 'orders', label: 'Orders', money: false },
  { key: 'gross', label: 'Gross', money: true },
  { key: 'net', label: 'Net (after refunds)', money: true },
  { key: 'cash', label: 'Cash', money: true },
  { key: 'card', label: 'Card', money: true },
  { key: 'average', label: 'Average order', money: true },
  { key: 'discounts', label: 'Discounts', money: true },
  { key: 'delivery_fees', label: 'Delivery fees', money: true },
  { key: 'refunds', label: 'Refunds', money: true },
];

/** The period's figures, each with the previous period's beside it. */
export function SalesFiguresView({ report, money }: { report: SalesReport; money: Money }) {
  const show = (value: number, isMoney: boolean) => (isMoney ? money(value) : String(value));
  return (
    <>
      <dl className="mt-4 grid grid-cols-3 gap-3" data-testid="sales-figures">
        {FIGURES.map(({ key, label, money: isMoney }) => (
          <div key={key} className={CARD_CLASS}>
            <dt className="text-sm font-semibold text-stone-700">{label}</dt>
            <dd className="text-2xl font-bold" data-testid={`figure-${key}`}>
              {show(report[key] as number, isMoney)}
            </dd>
            <dd className="text-sm text-stone-700">
              Before: {show(report.previous[key] as number, isMoney)}
            </dd>
          </div>
        ))}
      </dl>
      <div className="mt-4 grid grid-cols-2 gap-3">
        <section className={CARD_CLASS} aria-labelledby="vat-heading">
          <h2 id="vat-heading" className="text-xl font-bold">
            VAT by rate
          </h2>
          {report.orders === 0 ? (
            <p className="mt-2">{NO_ORDERS}</p>
          ) : (
            <table className="mt-2 w-full text-left">
              <thead>
                <tr>
                  <th scope="col">Rate</th>
                  <th scope="col">Net</th>
                  <th scope="col">VAT</th>
                </tr>
              </thead>
              <tbody>
                {report.vat.map((band) => (
                  <tr key={band.rate}>
                    <td>{band.rate}%</td>
                    <td>{money(band.net)}</td>
                    <td>{money(band.vat)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>
        <section className={CARD_CLASS} aria-labelledby="top-heading">
          <h2 id="top-heading" className="text-xl font-bold">
            Top dishes
          </h2>
          {report.orders === 0 ? (
            <p className="mt-2">{NO_ORDERS}</p>
          ) : (
            <ol className="mt-2 space-y-1">
              {report.top_items.map((item) => (
                <li key={item.name} className="flex justify-between gap-2">
                  <span>
                    {item.quantity} × {item.name}
                  </span>
                  <span>{money(item.gross)}</span>
                </li>
              ))}
            </ol>
          )}
        </section>
      </div>
    </>
  );
}
