import type { VatInvoice } from '@servery/contract/order';
import { CARD_CLASS } from './card.tsx';

/** Pence in the shop's currency, and an instant on the shop's clock, as the page writes them. */
type MoneyFormatter = (minor: number) => string;
type WhenFormatter = (iso: string) => string;

/**
 * The UK simplified VAT invoice of an order (shops with a VAT number only): the supplier, the
 * time of supply, and for each VAT rate what was paid at it and the VAT inside. The items are
 * the order's lines listed beside it. The customer's order page and the back office's order
 * detail show the same.
 */
export function VatInvoiceSection({
  invoice,
  money,
  when,
}: {
  invoice: VatInvoice;
  money: MoneyFormatter;
  when: WhenFormatter;
}) {
  return (
    <section className={CARD_CLASS} aria-labelledby="vat-invoice-title" data-testid="vat-invoice">
      <h2 id="vat-invoice-title" className="text-xl font-semibold">
        VAT invoice
      </h2>
      <p className="mt-2">
        <span className="block font-semibold">{invoice.supplier_name}</span>
        <span className="block">{invoice.supplier_address}</span>
        <span className="block">VAT number {invoice.vat_number}</span>
      </p>
      <p className="mt-2">
        Time of supply:{' '}
        <time dateTime={invoice.time_of_supply}>{when(invoice.time_of_supply)}</time>
      </p>
      <table className="mt-3 w-full text-left">
        <caption className="sr-only">VAT by rate</caption>
        <thead>
          <tr className="border-b border-stone-200 text-sm text-stone-700">
            <th scope="col" className="py-1 font-semibold">
              VAT rate
            </th>
            <th scope="col" className="py-1 pl-4 text-right font-semibold">
              Amount incl. VAT
            </th>
            <th scope="col" className="py-1 pl-4 text-right font-semibold">
              VAT
            </th>
          </tr>
        </thead>
        <tbody>
          {invoice.bands.map((band) => (
            <tr key={band.rate}>
              <th scope="row" className="py-1 font-normal">
                {band.rate}%
              </th>
              <td className="py-1 pl-4 text-right">{money(band.gross)}</td>
              <td className="py-1 pl-4 text-right">{money(band.vat)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr className="border-t border-stone-200 font-bold">
            <th scope="row" className="py-1">
              Total including VAT
            </th>
            <td className="py-1 pl-4 text-right">{money(invoice.total)}</td>
            <td className="py-1 pl-4 text-right">{money(invoice.vat)}</td>
          </tr>
        </tfoot>
      </table>
      {invoice.refunds?.length && invoice.net ? (
        <RefundCredits invoice={invoice} net={invoice.net} money={money} when={when} />
      ) : null}
    </section>
  );
}

/**
 * The refunds given on the order, each a credit against the invoice with the VAT it takes back
 * (in the invoice's bands, decision 81), then what stands after them, rate by rate.
 */
function RefundCredits({
  invoice,
  net,
  money,
  when,
}: {
  invoice: VatInvoice;
  net: NonNullable<VatInvoice['net']>;
  money: MoneyFormatter;
  when: WhenFormatter;
}) {
  return (
    <table className="mt-4 w-full text-left" data-testid="vat-invoice-refunds">
      <caption className="text-left font-semibold">Refunds and what stands after them</caption>
      <thead>
        <tr className="border-b border-stone-200 text-sm text-stone-700">
          <th scope="col" className="py-1 font-semibold">
            What
          </th>
          <th scope="col" className="py-1 pl-4 text-right font-semibold">
            Amount incl. VAT
          </th>
          <th scope="col" className="py-1 pl-4 text-right font-semibold">
            VAT
          </th>
        </tr>
      </thead>
      <tbody>
        {invoice.refunds?.map((refund, i) => (
          <tr key={i}>
            <th scope="row" className="py-1 font-normal">
              Refund <time dateTime={refund.at}>{when(refund.at)}</time>
            </th>
            <td className="py-1 pl-4 text-right">−{money(refund.amount)}</td>
            <td className="py-1 pl-4 text-right">−{money(refund.vat)}</td>
          </tr>
        ))}
        {net.bands.map((band) => (
          <tr key={band.rate}>
            <th scope="row" className="py-1 font-normal">
              {band.rate}% after refunds
            </th>
            <td className="py-1 pl-4 text-right">{money(band.gross)}</td>
            <td className="py-1 pl-4 text-right">{money(band.vat)}</td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr className="border-t border-stone-200 font-bold">
          <th scope="row" className="py-1">
            Total after refunds
          </th>
          <td className="py-1 pl-4 text-right">{money(net.total)}</td>
          <td className="py-1 pl-4 text-right">{money(net.vat)}</td>
        </tr>
      </tfoot>
    </table>
  );
}
