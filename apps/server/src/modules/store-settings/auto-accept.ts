import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { logSafeError } from '../../lib/log-safe-error.ts';
import type { StaffIdentity } from '../../plugins/staff-session.ts';
import type { AuditActor } from '../audit/audit.repository.ts';
import { rideMinutesOf, type DeskService, type DeskShop } from '../desk/desk.service.ts';
import type { Tenant } from '../tenants/tenants.repository.ts';

/** The net under the nudges: an order placed while no nudge ran is accepted on the next sweep. */
const SWEEP_EVERY_MS = 5_000;
const BATCH = 20;
/**
 * Nudges within this long of the first make one sweep (decision 47): at a busy service's rate
 * each order's nudge would otherwise run the sweep's query on its own.
 */
export const NUDGE_GATHER_MS = 20;
interface DueOrder {
  id: string;
  tenant_id: string;
  store_id: string;
  minutes: number;
}

/** Who the desk's history and the audit log name for an order the system accepted. */
export const SYSTEM_ACTOR_EMAIL = 'system (auto-accept)';

/**
 * Auto-accept (issue 28, point 7): a store with `auto_accept_minutes` has each paid order
 * accepted by the system with that ready time, through the desk's own move (desk.service
 * `change`: the conditional update, the audit row, the live event, the customer's message and
 * the capture of a held card payment), audited as the system. A placed order nudges a sweep at
 * once; every process also sweeps now and then, and two processes taking the same order cannot
 * both move it: the loser's conditional update finds it accepted and is a 409, ignored here.
 */
export class AutoAccept {
  private timer: NodeJS.Timeout | undefined;
  private gathering: NodeJS.Timeout | undefined;
  private running: Promise<number> | null = null;
  private again = false;
  /** Sweeps run so far (a count for the test of gathered nudges). */
  sweeps = 0;

  constructor(
    private readonly db: Database,
    private readonly desk: DeskService,
    private readonly shopOf: (tenantId: string) => Promise<DeskShop>,
    private readonly log: FastifyBaseLogger,
  ) {}

  start() {
    this.timer = setInterval(() => this.run(), SWEEP_EVERY_MS);
    this.timer.unref();
  }

  async stop() {
    clearInterval(this.timer);
    clearTimeout(this.gathering);
    this.gathering = undefined;
    await this.running?.catch(() => undefined);
  }

  /** A sweep soon: the nudges of the next NUDGE_GATHER_MS are gathered into one. */
  nudge() {
    if (this.gathering) return;
    this.gathering = setTimeout(() => {
      this.gathering = undefined;
      this.run();
    }, NUDGE_GATHER_MS);
  }

  /** A sweep now; one at a time in this process, and one more if asked meanwhile. */
  private run() {
    if (this.running) {
      this.again = true;
      return;
    }
    this.sweeps += 1;
    this.running = this.sweep()
      .catch((error) => {
        this.log.error({ err: logSafeError(error) }, 'auto-accept: a sweep failed');
        return 0;
      })
      .finally(() => {
        this.running = null;
        if (this.again) {
          this.again = false;
          this.run();
        }
      });
  }

  /** Accepts the placed orders of auto-accepting stores; answers how many it moved. */
  async sweep(): Promise<number> {
    const due = await this.db.execute(sql`
      select o.id, o.tenant_id, o.store_id, s.auto_accept_minutes as minutes
      from stores s
      join orders o on o.store_id = s.id and o.tenant_id = s.tenant_id
      where s.auto_accept_minutes is not null and o.status = 'placed'
      order by o.created_at
      limit ${BATCH}`);
    let moved = 0;
    const rows = (due as unknown as { rows: DueOrder[] }).rows;
    for (const order of rows) {
      if (await this.accept(order.tenant_id, order.store_id, order.id, Number(order.minutes))) {
        moved++;
      }
    }
    // A full batch may have left more behind: the run goes round once more.
    if (rows.length === BATCH && moved > 0) this.again = true;
    return moved;
  }

  private async accept(tenantId: string, storeId: string, orderId: string, minutes: number) {
    const system: StaffIdentity = {
      id: '00000000-0000-0000-0000-000000000000',
      tenantId,
      email: SYSTEM_ACTOR_EMAIL,
      name: 'Auto-accept',
      role: 'owner',
      storeIds: [storeId],
      sessionExpiresAt: new Date(8.64e15),
    };
    const actor: AuditActor = {
      tenantId,
      actorId: null,
      actorEmail: SYSTEM_ACTOR_EMAIL,
      actorRole: 'system',
      requestId: null,
      ip: null,
    };
    try {
      const shop = await this.shopOf(tenantId);
      await this.desk.change(system, actor, shop, orderId, { status: 'accepted', minutes });
      return true;
    } catch (error) {
      // Moved meanwhile (staff, another process): nothing left to do.
      if (error instanceof AppError && (error.status === 409 || error.status === 404)) return false;
      throw error;
    }
  }
}

/** The shop as the desk's move needs it (its name, clock and hosts for the customer's message). */
export function deskShopOf(tenantOf: (tenantId: string) => Promise<Tenant>) {
  return async (tenantId: string): Promise<DeskShop> => {
    const tenant = await tenantOf(tenantId);
    return {
      tenantId,
      name: tenant.row.websiteName,
      timeZone: tenant.row.config.timeZone,
      hosts: tenant.hosts,
      rideMinutes: rideMinutesOf(tenant.stores),
    };
  };
}
