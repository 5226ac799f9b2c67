import type { OrderStatusChange } from '@servery/contract/desk';
import type { OrderStatus } from '@servery/contract/order';
import type { Executor } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { StaffIdentity } from '../../plugins/staff-session.ts';
import { findDeskOrder, staffNameByEmail } from './desk.repository.ts';

const said = (status: string) => status.replace(/_/g, ' ');

/**
 * The 409 of a desk move that changed nothing (issue 27, point 5). It reads the order again
 * after the failed update, so it names where the order is now and who put it there ("Order
 * #1003 was just accepted by Sam"), not the status read before the update: that one is stale
 * exactly when two people tap at once. A board shows every move within a second or two, so a
 * refused move after another person's (or the sweeper's) move is that race, whether it lost in
 * the database or on the screen; after one's own last move the table simply does not allow it.
 */
export async function moveRefused(
  db: Executor,
  staff: StaffIdentity,
  before: { id: string; number: number; status: OrderStatus; moves: number },
  body: OrderStatusChange,
): Promise<AppError> {
  const now = await findDeskOrder(db, staff.tenantId, staff.storeIds, before.id);
  const history = now?.order.statusHistory ?? [];
  const n = `Order #${before.number}`;
  const last = history.at(-1);
  const raced = history.length > before.moves;
  if (now && last?.by && (raced || last.by !== staff.email)) {
    const done = `${n} was just ${DONE[now.order.status] ?? said(now.order.status)}`;
    if (last.by === 'automatic') {
      return refused(`${done} automatically: it was not accepted in time.`);
    }
    const who =
      last.by === staff.email
        ? 'you, on another screen'
        : ((await staffNameByEmail(db, staff.tenantId, last.by)) ?? last.by);
    return refused(`${done} by ${who}.`);
  }
  const wanted = body.status === 'delay' ? 'delayed' : `moved to ${said(body.status)}`;
  const status = said(now?.order.status ?? before.status);
  return refused(`${n} is ${status}: it cannot be ${wanted}. The board shows where it is.`);
}

const refused = (message: string) => new AppError(409, 'order_moved', message);

/** What a move did, as the kitchen says it ("was just … by Sam"). */
const DONE: Partial<Record<OrderStatus, string>> = {
  accepted: 'accepted',
  rejected: 'rejected',
  preparing: 'started',
  ready: 'marked ready',
  out_for_delivery: 'sent out for delivery',
  completed: 'completed',
  cancelled: 'cancelled',
};
