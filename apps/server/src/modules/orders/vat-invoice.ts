import type { OrderStatus, VatInvoice } from '@servery/contract/order';
import { refundBands, vatBands } from '@servery/contract/pricing';
import type { TenantConfig } from '@servery/contract/tenant-document';
import type { OrderRow } from './orders.repository.ts';

/** Who supplies, as a VAT invoice names them: only a shop with a VAT number has one. */
export interface VatSupplier {
  name: string;
  address: string;
  vatNumber: string;
}

export function vatSupplierOf(tenant: {
  websiteName: string;
  config: TenantConfig;
}): VatSupplier | null {
  const { config } = tenant;
  if (!config.vatNumber) return null;
  const { addressLine1, addressLine2 } = config.locationData;
  return {
    name: config.companyName ?? tenant.websiteName,
    address: [addressLine1, addressLine2].filter(Boolean).join(', '),
    vatNumber: config.vatNumber,
  };
}

/** Orders that ended with nothing supplied: a VAT invoice for one would be untrue. */
const NOTHING_SUPPLIED: readonly OrderStatus[] = ['rejected', 'cancelled', 'payment_failed'];

/** A refund as the invoice lists it: when and how much (failed refunds are left out). */
export interface InvoiceRefund {
  amount: number;
  createdAt: Date;
}

/**
 * The order's simplified VAT invoice, from its own snapshot (lines, delivery fee, discount) by
 * the same rule that made its `vat` (vatBands); null without a supplier, and null for an order
 * the shop declined or cancelled (or never got paid for), auto-rejected ones included. Its
 * refunds follow as credits, each taking back VAT in the invoice's bands as the reports do
 * (decision 81), and `net` is what stands after them.
 */
export function vatInvoiceOf(
  order: Pick<OrderRow, 'status' | 'lines' | 'deliveryFee' | 'discount' | 'total' | 'createdAt'>,
  supplier: VatSupplier | null,
  refunds: readonly InvoiceRefund[] = [],
): VatInvoice | null {
  if (!supplier || NOTHING_SUPPLIED.includes(order.status)) return null;
  const bands = vatBands(order.lines, order.deliveryFee, order.discount);
  const vatOf = (list: readonly { vat: number }[]) => list.reduce((sum, b) => sum + b.vat, 0);
  const credits = refunds.map((refund) => {
    const taken = refundBands(refund.amount, bands);
    return {
      at: refund.createdAt.toISOString(),
      amount: refund.amount,
      vat: vatOf(taken),
      bands: taken,
    };
  });
  const netBands = bands.map((band, i) => ({
    rate: band.rate,
    gross: band.gross - credits.reduce((sum, c) => sum + (c.bands[i]?.gross ?? 0), 0),
    vat: band.vat - credits.reduce((sum, c) => sum + (c.bands[i]?.vat ?? 0), 0),
  }));
  return {
    supplier_name: supplier.name,
    supplier_address: supplier.address,
    vat_number: supplier.vatNumber,
    time_of_supply: order.createdAt.toISOString(),
    total: order.total,
    vat: vatOf(bands),
    bands,
    // Only on a refunded order: an invoice without refunds reads as it always has.
    ...(credits.length
      ? {
          refunds: credits,
          net: {
            total: order.total - credits.reduce((sum, c) => sum + c.amount, 0),
            vat: vatOf(netBands),
            bands: netBands,
          },
        }
      : {}),
  };
}
