import { describe, expect, it } from 'vitest';
import { orderConfirmation } from './order-message.ts';
import type { OrderRow } from './orders.repository.ts';

const at = new Date('2026-11-24T12:45:00Z'); // 12:45 in London (GMT)
const order = {
  id: '0b7c5e0e-1f43-4a31-9a57-2f0f3a7a2c11',
  tenantId: 't',
  customerId: 'c',
  number: 1042,
  storeId: 's',
  storeName: 'Shoreditch',
  storePhone: '020 7946 0001',
  orderType: 'collection',
  address: null,
  asap: false,
  scheduledFor: at,
  lines: [],
  subtotal: 1000,
  deliveryFee: 0,
  discount: 0,
  total: 1000,
  vat: 167,
  currency: 'GBP',
  promoId: null,
  promoCode: null,
  notes: '',
  status: 'placed',
  statusHistory: [],
  promisedAt: null,
  unwatchedAlertAt: null,
  printCount: 0,
  createdAt: at,
  updatedAt: at,
  vatBands: null,
  offDeskAt: null,
} as OrderRow;

describe('the order confirmation', () => {
  it('says a quarter to one as 12:45 PM, not 0:45 pm', () => {
    const message = orderConfirmation({
      order,
      shopName: 'Tandoor Lane',
      currencySign: '£',
      timeZone: 'Europe/London',
      supplier: null,
      email: 'amira@example.com',
      phone: null,
      orderUrl: 'https://tandoor.example/orders/0b7c5e0e-1f43-4a31-9a57-2f0f3a7a2c11',
    })!;
    expect(message.textBody).toContain('12:45 PM');
    expect(message.textBody).not.toContain('0:45 PM');
  });

  it('links back to the order on the shop’s own host, by e-mail and by text', () => {
    const url = 'https://tandoor.example/orders/0b7c5e0e-1f43-4a31-9a57-2f0f3a7a2c11';
    const input = {
      order,
      shopName: 'Tandoor Lane',
      currencySign: '£',
      timeZone: 'Europe/London',
      supplier: null,
      orderUrl: url,
    };
    const mail = orderConfirmation({ ...input, email: 'amira@example.com', phone: null })!;
    expect(mail.textBody).toContain(`Follow your order: ${url}`);
    expect(mail.htmlBody).toContain(`<a href="${url}">Follow your order</a>`);
    const text = orderConfirmation({ ...input, email: null, phone: '07700900123' })!;
    expect(text.textBody).toMatch(new RegExp(`Follow it: ${url}$`));
  });
});
