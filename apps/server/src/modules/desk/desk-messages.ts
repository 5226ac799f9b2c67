import { saidTime } from '@servery/contract/clock';
import {
  ENDED_ORDER_MONEY,
  MOVE_UNDO_SECONDS,
  REJECT_REASONS,
  type RejectReason,
} from '@servery/contract/desk-moves';
import type { NewOutboxMessage } from '../outbox/outbox.repository.ts';
import { ORDER_NEWS_WORTH_MS } from '../outbox/order-news-worth.ts';

export type OrderNews =
  'accepted' | 'rejected' | 'delayed' | 'ready' | 'out_for_delivery' | 'cancelled';

/**
 * The news of a move that can be undone (decision 65): held in the outbox until the move can no
 * longer be taken back, and dropped if it is. Held a little past the undo's window: the window is
 * read on the application's clock, the hold on the database's, and an undo at the window's last
 * second must still find its news held.
 */
export const HELD_NEWS: readonly OrderNews[] = ['ready', 'out_for_delivery'];
export const MOVE_NEWS_HOLD_SECONDS = MOVE_UNDO_SECONDS + 15;
export const newsKind = (news: OrderNews) => `order_${news}`;

export interface OrderNewsInput {
  news: OrderNews;
  /** When the news happened (the application's clock): it is not sent after ORDER_NEWS_WORTH_MS. */
  at: Date;
  tenantId: string;
  shopName: string;
  timeZone: string;
  number: number;
  orderType: 'delivery' | 'collection';
  storeName: string;
  promisedAt: Date | null;
  reason?: RejectReason;
  note?: string;
  /** The customer's contacts: e-mail when there is one, else a text. */
  email: string | null;
  phone: string | null;
  /** The order's page on the shop's configured host (orders/order-message.ts orderPageUrl). */
  orderUrl: string;
}

/**
 * What the customer is told when the kitchen moves their order (back-office.md: customers left
 * guessing; delays said as "rescheduled", never "late"). Money back is said plainly.
 */
export function orderNewsText(input: OrderNewsInput): { subject: string; text: string } {
  const n = `#${input.number}`;
  const when = input.promisedAt ? saidTime(input.promisedAt, input.timeZone) : null;
  const ready =
    input.orderType === 'delivery' ? `with you around ${when}` : `ready to collect at ${when}`;
  switch (input.news) {
    case 'accepted':
      return {
        subject: `${input.shopName} has accepted your order ${n}`,
        text: `${input.shopName} has accepted your order ${n}. It will be ${ready}.`,
      };
    case 'delayed':
      return {
        subject: `Your ${input.shopName} order ${n} has been rescheduled`,
        text: `${input.shopName} has rescheduled your order ${n}: it will now be ${ready}. Thank you for your patience.`,
      };
    case 'rejected': {
      const other = input.reason === 'other' || !input.reason;
      const why = other ? input.note : REJECT_REASONS[input.reason!];
      // The staff's own words beside the preset they chose (issue 27, point 5).
      const words = !other && input.note ? ` ${input.shopName} says: “${input.note}”` : '';
      return {
        subject: `${input.shopName} cannot make your order ${n}`,
        text: `Sorry, ${input.shopName} cannot make your order ${n}: ${why}.${words} ${ENDED_ORDER_MONEY}`,
      };
    }
    case 'ready':
      return input.orderType === 'delivery'
        ? {
            subject: `Your ${input.shopName} order ${n} is ready`,
            text: `Your order ${n} is ready and will be on its way shortly.`,
          }
        : {
            subject: `Your ${input.shopName} order ${n} is ready to collect`,
            text: `Your order ${n} is ready to collect from ${input.storeName}.`,
          };
    case 'out_for_delivery':
      return {
        subject: `Your ${input.shopName} order ${n} is on its way`,
        text: `Your order ${n} has left ${input.storeName} and is on its way to you.`,
      };
    case 'cancelled':
      return {
        subject: `${input.shopName} has cancelled your order ${n}`,
        text: `Sorry, ${input.shopName} has had to cancel your order ${n}.${input.note ? ` ${input.shopName} says: “${input.note}”` : ''} ${ENDED_ORDER_MONEY}`,
      };
  }
}

/** The link back to the order (issue 20, point 4): to follow it, or to see how it ended. */
function orderLink(input: OrderNewsInput): string {
  const ended = input.news === 'rejected' || input.news === 'cancelled';
  return `${ended ? 'Your order' : 'Follow your order'}: ${input.orderUrl}`;
}

export function orderNewsMessage(input: OrderNewsInput): NewOutboxMessage | null {
  const { subject, text: news } = orderNewsText(input);
  const common = {
    tenantId: input.tenantId,
    kind: newsKind(input.news),
    senderName: input.shopName,
    discardAfter: new Date(input.at.getTime() + ORDER_NEWS_WORTH_MS),
    attachments: null,
  };
  if (input.email) {
    return {
      ...common,
      channel: 'email',
      recipient: input.email,
      subject,
      textBody: `${news}\n\n${orderLink(input)}`,
      htmlBody: null,
    };
  }
  if (input.phone) {
    return {
      ...common,
      channel: 'sms',
      recipient: input.phone,
      subject: null,
      textBody: `${news} ${orderLink(input)}`,
      htmlBody: null,
    };
  }
  return null;
}
