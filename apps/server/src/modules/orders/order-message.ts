import { formatMoney } from '@servery/contract/pricing';
import type { NewOutboxMessage } from '../outbox/outbox.repository.ts';
import type { OrderRow } from './orders.repository.ts';
import { vatInvoiceOf, type VatSupplier } from './vat-invoice.ts';

export interface ConfirmationInput {
  order: OrderRow;
  shopName: string;
  currencySign: string;
  timeZone: string;
  /** The shop as a VAT invoice names it; null: no VAT number, no invoice. */
  supplier: VatSupplier | null;
  /** Where to send it: the customer's e-mail if known, else their phone. */
  email: string | null;
  phone: string | null;
}

/** "Order 1042 confirmed": by e-mail with the lines and totals, or a short text. */
export function orderConfirmation(input: ConfirmationInput): NewOutboxMessage | null {
  const { order, shopName } = input;
  const money = (minor: number) => formatMoney(minor, { sign: input.currencySign });
  const when = order.scheduledFor.toLocaleString('en-GB', {
    timeZone: input.timeZone,
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    hour: 'numeric',
    minute: '2-digit',
    hourCycle: 'h12', // not hour12: en-GB then says "0:45 pm" for 12:45
  });
  const how =
    order.orderType === 'delivery'
      ? `Delivery to ${order.address?.address_line1}, ${order.address?.postcode}`
      : `Collection from ${order.storeName}`;
  const timing = `${order.asap ? 'As soon as possible, about' : 'At'} ${when}`;
  const common = {
    tenantId: order.tenantId,
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
      textBody: `${shopName}: order ${order.number} is confirmed. ${how}. ${timing}. Total ${money(order.total)}.`,
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
        `Time of supply ${order.createdAt.toLocaleString('en-GB', {
          timeZone: input.timeZone,
          day: 'numeric',
          month: 'long',
          year: 'numeric',
          hour: 'numeric',
          minute: '2-digit',
          hourCycle: 'h12', // en-GB with hour12 says "0:25 pm" at noon
        })}`,
        ...invoice.bands.map(
          (band) => `VAT at ${band.rate}%: ${money(band.vat)} in ${money(band.gross)}`,
        ),
        `Total including VAT  ${money(invoice.total)}`,
      ]
    : [];
  const text = [
    `Thank you for your order from ${shopName}.`,
    '',
    `Order ${order.number}`,
    how,
    timing,
    '',
    ...lines,
    '',
    ...totals,
    ...(invoice ? ['', ...invoiceLines] : []),
  ].join('\n');
  const escape = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Order ${order.number}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;color:#18181b;padding:24px">
<h1 style="font-size:20px">Thank you for your order from ${escape(shopName)}</h1>
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
  }</body></html>`;
  return {
    ...common,
    channel: 'email',
    recipient: input.email,
    subject: `Order ${order.number} from ${shopName} is confirmed`,
    textBody: text,
    htmlBody: html,
  };
}
