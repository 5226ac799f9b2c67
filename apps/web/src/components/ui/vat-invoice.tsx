import type { ReactNode } from 'react';
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
        <AmountsHead first="VAT rate" />
        <tbody>
          {invoice.bands.map((band) => (
            <AmountRow key={band.rate} label={`${band.rate}%`} money={money} {...band} />
          ))}
        </tbody>
        <tfoot>
          <AmountRow
            label="Total including VAT"
            money={money}
            gross={invoice.total}
            vat={invoice.vat}
            total
          />
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
      <AmountsHead first="What" />
      <tbody>
        {invoice.refunds?.map((refund, i) => (
          <AmountRow
            key={i}
            label={
              <>
                Refund <time dateTime={refund.at}>{when(refund.at)}</time>
              </>
            }
            money={(minor) => `−${money(minor)}`}
            gross={refund.amount}
            vat={refund.vat}
          />
        ))}
        {net.bands.map((band) => (
          <AmountRow
            key={band.rate}
            label={`${band.rate}% after refunds`}
            money={money}
            {...band}
          />
        ))}
      </tbody>
      <tfoot>
        <AmountRow
          label="Total after refunds"
          money={money}
          gross={net.total}
          vat={net.vat}
          total
        />
      </tfoot>
    </table>
  );
}

/** The head of an invoice's table: what the row is, the amount including VAT, the VAT in it. */
function AmountsHead({ first }: { first: string }) {
  return (
    <thead>
      <tr className="border-b border-stone-200 text-sm text-stone-700">
        <th scope="col" className="py-1 font-semibold">
          {first}
        </th>
        <th scope="col" className="py-1 pl-4 text-right font-semibold">
          Amount incl. VAT
        </th>
        <th scope="col" className="py-1 pl-4 text-right font-semibold">
          VAT
        </th>
      </tr>
    </thead>
  );
}

/** One row of an invoice's table; `total` is the ruled, bold last line. */
function AmountRow({
  label,
  gross,
  vat,
  money,
  total = false,
}: {
  label: ReactNode;
  gross: number;
  vat: number;
  money: MoneyFormatter;
  total?: boolean;
}) {
  return (
    <tr className={total ? 'border-t border-stone-200 font-bold' : undefined}>
      <th scope="row" className={total ? 'py-1' : 'py-1 font-normal'}>
        {label}
      </th>
      <td className="py-1 pl-4 text-right">{money(gross)}</td>
      <td className="py-1 pl-4 text-right">{money(vat)}</td>
    </tr>
  );
}
