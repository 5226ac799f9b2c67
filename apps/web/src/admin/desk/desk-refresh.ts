import { ORDER_IDS_MAX } from '@servery/contract/desk-moves';
import { adminApi } from '../admin-api.ts';
import type { AdminDispatch, AdminState } from '../admin-state.ts';
import { deskApi, readIntoDesk } from './desk-api.ts';

/**
 * How long a board gathers the orders events name before it reads them: a busy service's
 * events (an order, its accept, its payment, on every board) make one read, not one each.
 */
export const GATHER_MS = 150;

/**
 * Keeps the desk's open orders fresh from live events (decision 59): the orders events name
 * are asked for by id and put into the list, instead of every open order again (the board read
 * all its open orders on each event, on every board: at 200 open orders 18 ms of the server's
 * CPU a read). The ids of 150 ms of events go in one read, one read at a time. The whole list is asked for again instead when the
 * list is not in yet or is being fetched (its answer could be older than the event), when a
 * request fails, and on the stream's `resync`: when it first opens (what was read before may
 * have missed an order, decision 62) and after a reconnect (the stream replays what was missed,
 * but a board that was away long is safest read whole).
 */
export function createDeskRefresher(dispatch: AdminDispatch, getState: () => AdminState) {
  const waiting = new Set<string>();
  let running = false;

  const refetchAll = () => dispatch(adminApi.util.invalidateTags(['Order']));

  async function run() {
    try {
      while (waiting.size > 0) {
        await new Promise((resolve) => setTimeout(resolve, GATHER_MS));
        const list = deskApi.endpoints.deskOrders.select()(getState());
        if (!list.data || list.status !== 'fulfilled') {
          waiting.clear();
          refetchAll();
          return;
        }
        const ids = [...waiting].slice(0, ORDER_IDS_MAX);
        for (const id of ids) waiting.delete(id);
        if (!(await readIntoDesk(dispatch, getState, ids))) {
          waiting.clear();
          refetchAll();
          return;
        }
      }
    } finally {
      running = false;
    }
  }

  return {
    /** An order event about `orderId` (none: the whole list is asked for again). */
    changed(orderId?: string) {
      if (!orderId) {
        waiting.clear();
        refetchAll();
        return;
      }
      waiting.add(orderId);
      if (running) return;
      running = true;
      void run();
    },
  };
}
