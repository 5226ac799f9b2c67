import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { formatMoney } from '@servery/contract/pricing';
import { VatInvoiceSection } from './vat-invoice.tsx';

afterEach(cleanup);

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
        timeZone="Europe/London"
      />,
    );
    const section = screen.getByRole('region', { name: 'VAT invoice' });
    expect(section.textContent).toContain('Tandoor Lane Ltd');
    expect(section.textContent).toContain('VAT number GB999999973');
    expect(section.textContent).toContain('Tuesday 17 November 2026 at 12:00 PM');
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
