import { describe, expect, it } from 'vitest';
import { capturesAtCheckout, isPaymentSecured } from './order.ts';

describe('when a card is charged', () => {
  const now = new Date('2026-11-24T12:00:00Z');
  const ahead = (hours: number) => new Date(now.getTime() + hours * 3600_000);

  it('holds the card for an order due within 5 days, and charges at once beyond', () => {
    expect(capturesAtCheckout(ahead(0.5), now)).toBe(false);
    expect(capturesAtCheckout(ahead(5 * 24), now)).toBe(false);
    expect(capturesAtCheckout(ahead(5 * 24 + 1), now)).toBe(true);
  });

  it('counts a held, a charging and a charged card as secured, nothing else', () => {
    expect(
      ['authorised', 'capture_pending', 'succeeded'].every((s) => isPaymentSecured(s as never)),
    ).toBe(true);
    for (const status of ['requires_payment', 'processing', 'released', 'refunded'] as const) {
      expect(isPaymentSecured(status)).toBe(false);
    }
  });
});
