import { useCallback, useMemo, useState } from 'react';
import { useStore } from 'react-redux';
import type { DeskOrder } from '@servery/contract/desk';
import { useAdminDispatch, type AdminState } from '../admin-state.ts';
import { useDeskOrdersQuery } from '../desk/desk-api.ts';
import { createDeskRefresher } from '../desk/desk-refresh.ts';
import { useLiveEvents } from '../live/use-live-events.ts';

const NONE: DeskOrder[] = [];

/**
 * The orders waiting for an answer (placed, in the person's stores), kept fresh on every screen:
 * the orders each order event names are read and put into the open orders, and the whole list
 * is read again when the stream opens and after a reconnect (desk-refresh.ts), here at the top of the staff application
 * rather than on the desk, so every screen can show and ring for them.
 * The desk reads the same query, so it costs no second request.
 */
export function useWaitingOrders(runsOrders: boolean): DeskOrder[] {
  const dispatch = useAdminDispatch();
  const store = useStore<AdminState>();
  const orders = useDeskOrdersQuery(undefined, { skip: !runsOrders });
  const [refresher] = useState(() => createDeskRefresher(dispatch, store.getState));
  const refetch = useCallback(
    (kind: string, entityId?: string) => {
      if (!runsOrders) return;
      if (kind.startsWith('order.')) refresher.changed(entityId);
      else if (kind === 'resync') refresher.changed();
    },
    [refresher, runsOrders],
  );
  useLiveEvents(refetch);
  const data = orders.data;
  return useMemo(() => data?.filter((o) => o.status === 'placed') ?? NONE, [data]);
}
