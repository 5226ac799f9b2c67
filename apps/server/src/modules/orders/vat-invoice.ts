import type { OrderStatus, VatInvoice } from '@servery/contract/order';
import { vatBands } from '@servery/contract/pricing';
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

/**
 * The order's simplified VAT invoice, from its own snapshot (lines, delivery fee, discount) by
 * the same rule that made its `vat` (vatBands); null without a supplier, and null for an order
 * the shop declined or cancelled (or never got paid for), auto-rejected ones included.
 */
export function vatInvoiceOf(
  order: Pick<OrderRow, 'status' | 'lines' | 'deliveryFee' | 'discount' | 'total' | 'createdAt'>,
  supplier: VatSupplier | null,
): VatInvoice | null {
  if (!supplier || NOTHING_SUPPLIED.includes(order.status)) return null;
  const bands = vatBands(order.lines, order.deliveryFee, order.discount);
  return {
    supplier_name: supplier.name,
    supplier_address: supplier.address,
    vat_number: supplier.vatNumber,
    time_of_supply: order.createdAt.toISOString(),
    total: order.total,
    vat: bands.reduce((sum, band) => sum + band.vat, 0),
    bands,
  };
}
