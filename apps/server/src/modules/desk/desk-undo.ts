import {
  isUndoableMove,
  MOVE_UNDO_SECONDS,
  type DeskOrder,
  type OrderMoveUndo,
} from '@servery/contract/desk';
import type { Database } from '../../db/client.ts';
import { rowFromDriver } from '../../db/row-insert.ts';
import { orders } from '../../db/schema.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import type { StaffIdentity } from '../../plugins/staff-session.ts';
import { auditRow, ownLastUndo, type AuditActor } from '../audit/audit.repository.ts';
import { changeWithLiveEvent } from '../live-events/live-events.repository.ts';
import { dropHeldMessages } from '../outbox/outbox.repository.ts';
import { HELD_NEWS, newsKind } from './desk-messages.ts';
import { deskUndo, findDeskOrder, orderHasRefunds, type DeskRow } from './desk.repository.ts';
import { toDeskOrder, type Rides } from './desk.service.ts';

const said = (status: string) => status.replace(/_/g, ' ');

/** What a move did, as the undo's answers say it ("Order #1042 was marked ready …"). */
const MOVED: Record<string, string> = {
  preparing: 'started',
  ready: 'marked ready',
  out_for_delivery: 'sent out for delivery',
  completed: 'completed',
};

/**
 * POST /api/admin/orders/{id}/undo-move (decision 65): the kitchen's last forward move of an
 * order (started, ready, out for delivery, completed) taken back within MOVE_UNDO_SECONDS: the
 * order goes back to the status before it, which is the entry before the move's in its own
 * history, and the move's entry leaves that history. The update, the audit row and the live
 * event are one statement; the move's held news to the customer is dropped in the same
 * transaction, so it never goes. Refused, changing nothing: 404 for an order not in the
 * person's stores, 409 when the order is not where that move put it (moved on since, the move
 * made again since when `at` names it, or its last move is not one that can be undone), 422
 * after the window. The same person's undo of a move they have already undone (its answer was
 * lost) answers the order as it is and changes nothing (decision 78).
 */
export function createDeskUndo(deps: { db: Database; now: () => Date }) {
  const { db, now } = deps;

  async function undoMove(
    staff: StaffIdentity,
    actor: AuditActor,
    rides: Rides,
    id: string,
    body: OrderMoveUndo,
    /** The order as read with the staff session (null: none of theirs); undefined: read here. */
    read?: DeskRow | null,
  ): Promise<DeskOrder> {
    const at = now();
    const current =
      read === undefined ? await findDeskOrder(db, staff.tenantId, staff.storeIds, id) : read;
    if (!current) throw notFound('There is no such order in your stores.');
    const { order } = current;
    const n = `Order #${order.number}`;
    const history = order.statusHistory;
    const last = history.at(-1);
    const before = history.at(-2);
    const there = order.status === body.status && last?.status === body.status;
    const named = body.at === undefined || Date.parse(last?.at ?? '') === Date.parse(body.at);
    if (!last || !there || !named) {
      if (await undoneAlready(db, staff, order, body)) return toDeskOrder(current, rides);
      throw moved(
        there
          ? `${n} was ${MOVED[body.status]} again since: that later move is not the one to undo here. The board shows where it is.`
          : `${n} is ${said(order.status)} now, not ${said(body.status)}: it moved on since, so there is nothing to undo. The board shows where it is.`,
      );
    }
    if (!before || !isUndoableMove(last.status) || !last.by || last.by === 'automatic') {
      throw moved(`${n} was not ${MOVED[body.status]} by the kitchen: there is nothing to undo.`);
    }
    if (at.getTime() - Date.parse(last.at) > MOVE_UNDO_SECONDS * 1000) {
      throw new AppError(
        422,
        'undo_window_passed',
        `${n} was ${MOVED[body.status]} more than ${MOVE_UNDO_SECONDS / 60} minutes ago: a move can only be undone in the ${MOVE_UNDO_SECONDS / 60} minutes after it is made.`,
      );
    }

    const where = { tenantId: staff.tenantId, storeIds: staff.storeIds, id };
    const audit = auditRow(actor, {
      action: 'order.move_undone',
      entity: 'order',
      entityId: id,
      before: { status: last.status, moved_at: last.at, moved_by: last.by },
      after: { status: before.status },
    });
    const heldNews = HELD_NEWS.filter((news) => news === last.status).map(newsKind);
    const row = await db.transaction(async (tx) => {
      const [undone] = await changeWithLiveEvent(
        tx,
        deskUndo(where, { from: last.status, at: last.at, to: before.status, undoneAt: at }),
        { tenantId: staff.tenantId, storeId: order.storeId, kind: 'order.status', entityId: id },
        [audit],
      );
      if (!undone) return null;
      if (heldNews.length > 0) {
        await dropHeldMessages(tx, { tenantId: staff.tenantId, orderId: id, kinds: heldNews });
      }
      return rowFromDriver(orders, undone);
    });
    if (row) return toDeskOrder({ ...current, order: row }, rides);
    // Changed since the read: read again. The same undo sent twice at once (a double tap, or
    // the tablet trying again) finds the other one's undo made.
    const again = await findDeskOrder(db, staff.tenantId, staff.storeIds, id);
    if (again && (await undoneAlready(db, staff, again.order, body))) {
      return toDeskOrder(again, rides);
    }
    throw await undoRefused(db, staff.tenantId, order, again, body);
  }

  return { undoMove };
}

export type DeskUndo = ReturnType<typeof createDeskUndo>;

const moved = (message: string) => new AppError(409, 'order_moved', message);

/**
 * Whether `staff` already undid the move `body` names and the order is where that undo put it,
 * nothing moved since (decision 78): the undo's own audit row names the move (its status and
 * moment), and the order's last history entry, the one the undo went back to, is older than
 * the move (any move since is newer).
 */
async function undoneAlready(
  db: Database,
  staff: StaffIdentity,
  order: DeskRow['order'],
  body: OrderMoveUndo,
): Promise<boolean> {
  const undone = await ownLastUndo(
    db,
    staff,
    { entity: 'order', entityId: order.id, actions: ['order.move_undone'] },
    body,
  );
  const last = order.statusHistory.at(-1);
  return (
    undone !== null &&
    order.status === undone.back &&
    last?.status === undone.back &&
    Date.parse(last.at) < undone.movedAt
  );
}

/**
 * Why an undo that passed its checks changed nothing: read again (`now`), the order has moved on
 * (a colleague's move, or a colleague's undo, in the moment between), or, a completion, it has
 * been refunded since.
 */
async function undoRefused(
  db: Database,
  tenantId: string,
  order: { id: string; number: number },
  now: DeskRow | undefined,
  body: OrderMoveUndo,
): Promise<AppError> {
  const n = `Order #${order.number}`;
  if (now?.order.status === 'completed' && body.status === 'completed') {
    if (await orderHasRefunds(db, tenantId, order.id)) {
      return moved(`${n} has a refund since it was completed: it stays completed.`);
    }
  }
  const status = said(now?.order.status ?? body.status);
  return moved(`${n} has just moved on (it is ${status} now): there is nothing to undo.`);
}
