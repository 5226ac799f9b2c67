import type { DeskOrder } from '@servery/contract/desk';
import { formatMoney } from '@servery/contract/pricing';
import { cachedConfig } from '../../lib/shop-config.ts';

const money = (minor: number) => formatMoney(minor, { sign: cachedConfig()?.currency.sign ?? '£' });

/**
 * What the money is, in the kitchen's words: a card only held is not yet paid (it is taken when
 * the order is accepted), so it says CARD HELD until the capture went through.
 */
export function paymentWords(order: DeskOrder): string {
  const { payment } = order;
  if (payment.to_collect > 0) return `CASH ${money(payment.to_collect)} to collect`;
  if (payment.status === 'succeeded') return `PAID ${money(order.total)}`;
  if (payment.paid) return `CARD HELD ${money(order.total)}`;
  return `Not paid yet (${payment.status.replace(/_/g, ' ')})`;
}
