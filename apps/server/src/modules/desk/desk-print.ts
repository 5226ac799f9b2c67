import type { KitchenTicket } from '@servery/contract/desk';
import type { Database } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import type { StaffIdentity } from '../../plugins/staff-session.ts';
import { recordAudit, type AuditActor } from '../audit/audit.repository.ts';
import { countDeskPrint, findDeskOrder } from './desk.repository.ts';
import { toDeskOrder, type DeskShop } from './desk.service.ts';

const alreadyPrinted = (number: number) =>
  new AppError(
    409,
    'already_printed',
    `Order #${number}'s ticket is already printed (by this or another device).`,
  );

/**
 * The kitchen ticket (issue 14): the browser prints it, the server counts the prints so that a
 * second print from any device says REPRINT (back-office.md: duplicate tickets are a complaint).
 */
export function createTicketPrinter(deps: { db: Database; now: () => Date }) {
  async function print(
    staff: StaffIdentity,
    actor: AuditActor,
    shop: Pick<DeskShop, 'name' | 'rideMinutes'>,
    id: string,
    unlessPrinted = false,
  ): Promise<KitchenTicket> {
    const at = deps.now();
    const where = { tenantId: staff.tenantId, storeIds: staff.storeIds, id, unlessPrinted };
    const row = await deps.db.transaction(async (tx) => {
      const count = await countDeskPrint(tx, where);
      if (count === undefined && unlessPrinted) {
        const order = await findDeskOrder(tx, staff.tenantId, staff.storeIds, id);
        if (order) throw alreadyPrinted(order.order.number);
      }
      if (count === undefined) return undefined;
      await recordAudit(tx, actor, {
        action: 'order.printed',
        entity: 'order',
        entityId: id,
        before: { print_count: count - 1 },
        after: { print_count: count },
      });
      return findDeskOrder(tx, staff.tenantId, staff.storeIds, id);
    });
    if (!row) throw notFound('There is no such order in your stores.');
    const order = toDeskOrder(row, shop.rideMinutes);
    return {
      order,
      shop_name: shop.name,
      reprint: order.print_count > 1,
      print_count: order.print_count,
      printed_at: at.toISOString(),
    };
  }
  return { print };
}
export type TicketPrinter = ReturnType<typeof createTicketPrinter>;
