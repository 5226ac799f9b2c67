import { useCallback, useMemo } from 'react';
import type { DeskOrder } from '@servery/contract/desk';
import { adminApi } from '../admin-api.ts';
import { useAdminDispatch } from '../admin-state.ts';
import { useDeskOrdersQuery } from '../desk/desk-api.ts';
import { useLiveEvents } from '../live/use-live-events.ts';

const NONE: DeskOrder[] = [];

/**
 * The orders waiting for an answer (placed, in the person's stores), kept fresh on every screen:
 * the open orders are refetched on each order event and after a reconnect, here at the top of
 * the staff application rather than on the desk, so every screen can show and ring for them.
 * The desk reads the same query, so it costs no second request.
 */
export function useWaitingOrders(runsOrders: boolean): DeskOrder[] {
  const dispatch = useAdminDispatch();
  const orders = useDeskOrdersQuery(undefined, { skip: !runsOrders });
  const refetch = useCallback(
    (kind: string) => {
      if (runsOrders && (kind.startsWith('order.') || kind === 'reconnected')) {
        dispatch(adminApi.util.invalidateTags(['Order']));
      }
    },
    [dispatch, runsOrders],
  );
  useLiveEvents(refetch);
  const data = orders.data;
  return useMemo(() => data?.filter((o) => o.status === 'placed') ?? NONE, [data]);
}
