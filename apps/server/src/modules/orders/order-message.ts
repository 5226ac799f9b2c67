import { saidDateAndTime, saidDayAndTime } from '@servery/contract/clock';
import { formatMoney } from '@servery/contract/pricing';
import type { NewOutboxMessage } from '../outbox/outbox.repository.ts';
import type { OrderRow } from './orders.repository.ts';
import { vatInvoiceOf, type VatSupplier } from './vat-invoice.ts';
import { escapeHtml } from '../../lib/escape-html.ts';
import { canonicalOrigin } from '../tenants/shop-origin.ts';

/** Until the kitchen accepts, an order is received, not confirmed. */
const WAITING = 'We have received it and will tell you as soon as the kitchen accepts it.';

export interface ConfirmationInput {
  /** Its number, or the mark the statement that writes it puts the number in for (decision 55). */
  order: Omit<OrderRow, 'number'> & { number: number | string };
  shopName: string;
  currencySign: string;
  timeZone: string;
  /** The shop as a VAT invoice names it; null: no VAT number, no invoice. */
  supplier: VatSupplier | null;
  /** Where to send it: the customer's e-mail if known, else their phone. */
  email: string | null;
  phone: string | null;
  /** The order's page on the shop's own host (built from its configured origin, never a request). */
  orderUrl: string;
}

/** Where links in order messages point: the shop's canonical host (tenants/shop-origin.ts). */
export interface MessageLinks {
  production: boolean;
  port?: number;
}

/** The order's page on the shop's configured host, for every message about the order. */
export function orderPageUrl(
  hosts: Parameters<typeof canonicalOrigin>[0],
  links: MessageLinks,
  orderId: string,
): string {
  return `${canonicalOrigin(hosts, links)}/orders/${orderId}`;
}

/**
 * "Order 1042 received": by e-mail with the lines and totals, or a short text. It says
 * received, never confirmed: the shop has not accepted it yet, and may not (issue 27, point 5);
 * the customer hears again when it does.
 */
export function orderConfirmation(input: ConfirmationInput): NewOutboxMessage | null {
  const { order, shopName } = input;
  const money = (minor: number) => formatMoney(minor, { sign: input.currencySign });
  const when = saidDayAndTime(order.scheduledFor, input.timeZone);
  const how =
    order.orderType === 'delivery'
      ? `Delivery to ${order.address?.address_line1}, ${order.address?.postcode}`
      : `Collection from ${order.storeName}`;
  const timing = `${order.asap ? 'As soon as possible, about' : 'At'} ${when}`;
  const common = {
    tenantId: order.tenantId,
    orderId: order.id,
    kind: 'order_confirmation',
    senderName: shopName,
    discardAfter: null,
  };
  if (!input.email) {
    if (!input.phone) return null;
    return {
      ...common,
      channel: 'sms',
      recipient: input.phone,
      subject: null,
      htmlBody: null,
      textBody: `${shopName} has received your order ${order.number}; we will tell you when the kitchen accepts it. ${how}. ${timing}. Total ${money(order.total)}. Follow it: ${input.orderUrl}`,
    };
  }
  const lines = order.lines.map(
    (line) =>
      `${line.quantity} × ${line.name}${line.modifier_names.length ? ` (${line.modifier_names.join(', ')})` : ''}  ${money(line.line_total)}`,
  );
  const totals = [
    `Subtotal  ${money(order.subtotal)}`,
    ...(order.deliveryFee ? [`Delivery  ${money(order.deliveryFee)}`] : []),
    ...(order.discount ? [`Discount (${order.promoCode})  -${money(order.discount)}`] : []),
    `Total  ${money(order.total)} (includes VAT ${money(order.vat)})`,
  ];
  const invoice = vatInvoiceOf(order, input.supplier);
  const invoiceLines = invoice
    ? [
        'VAT invoice',
        invoice.supplier_name,
        invoice.supplier_address,
        `VAT number ${invoice.vat_number}`,
        `Time of supply ${saidDateAndTime(order.createdAt, input.timeZone)}`,
        ...invoice.bands.map(
          (band) => `VAT at ${band.rate}%: ${money(band.vat)} in ${money(band.gross)}`,
        ),
        `Total including VAT  ${money(invoice.total)}`,
      ]
    : [];
  const text = [
    `Thank you for your order from ${shopName}.`,
    WAITING,
    '',
    `Order ${order.number}`,
    how,
    timing,
    '',
    ...lines,
    '',
    ...totals,
    ...(invoice ? ['', ...invoiceLines] : []),
    '',
    `Follow your order: ${input.orderUrl}`,
  ].join('\n');
  const escape = escapeHtml;
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Order ${order.number}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;color:#18181b;padding:24px">
<h1 style="font-size:20px">Thank you for your order from ${escape(shopName)}</h1>
<p>${WAITING}</p>
<p><strong>Order ${order.number}</strong><br>${escape(how)}<br>${escape(timing)}</p>
<table role="presentation" style="border-collapse:collapse">${order.lines
    .map(
      (line) =>
        `<tr><td style="padding:4px 12px 4px 0">${line.quantity} × ${escape(line.name)}${line.modifier_names.length ? `<br><small>${escape(line.modifier_names.join(', '))}</small>` : ''}</td><td style="text-align:right">${money(line.line_total)}</td></tr>`,
    )
    .join('')}</table>
<p>${totals.map(escape).join('<br>')}</p>${
    invoice
      ? `<h2 style="font-size:16px">${escape(invoiceLines[0]!)}</h2><p>${invoiceLines.slice(1).map(escape).join('<br>')}</p>`
      : ''
  }
<p><a href="${escape(input.orderUrl)}">Follow your order</a></p>
</body></html>`;
  return {
    ...common,
    channel: 'email',
    recipient: input.email,
    subject: `${shopName} has received your order ${order.number}`,
    textBody: text,
    htmlBody: html,
  };
}
