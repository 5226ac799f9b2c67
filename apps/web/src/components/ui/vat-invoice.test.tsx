import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { formatMoney } from '@servery/contract/pricing';
import type { VatInvoice } from '@servery/contract/order';
import { VatInvoiceSection } from './vat-invoice.tsx';

afterEach(cleanup);

/** The page's own clock words (lib/shop-time.ts), as the invoice is handed them. */
const when = (iso: string) => `at ${iso}`;

describe('the VAT invoice on the order page', () => {
  it('names the supplier, the time of supply, and the VAT in each rate', () => {
    render(
      <VatInvoiceSection
        invoice={{
          supplier_name: 'Tandoor Lane Ltd',
          supplier_address: '112 Brick Lane, Shoreditch, London E1 6RL',
          vat_number: 'GB999999973',
          time_of_supply: '2026-11-17T12:00:00.000Z',
          total: 2195,
          vat: 316,
          bands: [
            { rate: 20, gross: 1895, vat: 316 },
            { rate: 0, gross: 300, vat: 0 },
          ],
        }}
        money={(minor) => formatMoney(minor, { sign: '£' })}
        when={when}
      />,
    );
    const section = screen.getByRole('region', { name: 'VAT invoice' });
    expect(section.textContent).toContain('Tandoor Lane Ltd');
    expect(section.textContent).toContain('VAT number GB999999973');
    expect(section.textContent).toContain('Time of supply: at 2026-11-17T12:00:00.000Z');
    const rows = within(section)
      .getAllByRole('row')
      .map((row) => row.textContent);
    expect(rows).toEqual([
      'VAT rateAmount incl. VATVAT',
      '20%£18.95£3.16',
      '0%£3.00£0.00',
      'Total including VAT£21.95£3.16',
    ]);
  });
});

const money = (pence: number) => formatMoney(pence, { sign: '£' });
const invoice: VatInvoice = {
  supplier_name: 'Test Kitchens Ltd',
  supplier_address: '1 High Street, London',
  vat_number: 'GB999999973',
  time_of_supply: '2026-11-17T12:00:00.000Z',
  total: 1000,
  vat: 117,
  bands: [
    { rate: 20, gross: 700, vat: 117 },
    { rate: 0, gross: 300, vat: 0 },
  ],
};
const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .map((row) => [...row.children].map((cell) => cell.textContent));

describe('the VAT invoice of a refunded order (decision 81)', () => {
  it('lists each refund and the VAT it takes back, then the net after them', () => {
    render(
      <VatInvoiceSection
        invoice={{
          ...invoice,
          refunds: [
            {
              at: '2026-11-18T10:00:00.000Z',
              amount: 500,
              vat: 58,
              bands: [
                { rate: 20, gross: 350, vat: 58 },
                { rate: 0, gross: 150, vat: 0 },
              ],
            },
          ],
          net: {
            total: 500,
            vat: 59,
            bands: [
              { rate: 20, gross: 350, vat: 59 },
              { rate: 0, gross: 150, vat: 0 },
            ],
          },
        }}
        money={money}
        when={when}
      />,
    );
    const credits = screen.getByRole('table', { name: 'Refunds and what stands after them' });
    expect(rowsOf(credits)).toEqual([
      ['What', 'Amount incl. VAT', 'VAT'],
      ['Refund at 2026-11-18T10:00:00.000Z', '−£5.00', '−£0.58'],
      ['20% after refunds', '£3.50', '£0.59'],
      ['0% after refunds', '£1.50', '£0.00'],
      ['Total after refunds', '£5.00', '£0.59'],
    ]);
    // The invoice as issued is still there above its credits.
    expect(rowsOf(screen.getByRole('table', { name: 'VAT by rate' })).at(-1)).toEqual([
      'Total including VAT',
      '£10.00',
      '£1.17',
    ]);
  });

  it('without refunds shows no credits', () => {
    render(<VatInvoiceSection invoice={invoice} money={money} when={when} />);
    expect(screen.queryByRole('table', { name: /Refunds/ })).toBeNull();
  });
});
