import { useCallback, useMemo, type ReactNode } from 'react';
import type { StaffSession } from '@servery/contract/staff';
import { useAdminDispatch } from '../admin-state.ts';
import { useHiddenTabNotice } from './hidden-tab-notice.ts';
import { subscribeThisDevice, unsubscribeThisDevice } from './push-subscription.ts';
import { ServiceContext } from './service-context.ts';
import { useServiceAlert } from './use-service-alert.ts';
import { useWaitingOrders } from './use-waiting-orders.ts';

/**
 * Service belongs to the staff application, not to a screen (docs/decisions/0032): mounted once
 * for the signed-in person around every screen, it keeps the waiting orders fresh, rings while
 * any wait, notifies when the tab is hidden, and makes the device a push target on "Start
 * service". Moving between screens leaves all of it running.
 */
export function ServiceAlertProvider({
  session,
  children,
}: {
  session: StaffSession;
  children: ReactNode;
}) {
  const dispatch = useAdminDispatch();
  const runsOrders = session.permissions.includes('orders:run');
  const waiting = useWaitingOrders(runsOrders);
  const onStarted = useCallback(
    (permission: Promise<NotificationPermission>) => {
      // Push is a help, not a condition: a browser without it still rings.
      void subscribeThisDevice(dispatch, permission).catch(() => undefined);
    },
    [dispatch],
  );
  const alert = useServiceAlert(waiting.length, onStarted);
  useHiddenTabNotice(waiting);
  const { stop: stopAlert } = alert;
  const stop = useCallback(() => {
    stopAlert();
    void unsubscribeThisDevice(dispatch).catch(() => undefined);
  }, [dispatch, stopAlert]);

  const state = useMemo(
    () => ({ runsOrders, waiting: waiting.length, phase: alert.phase, start: alert.start, stop }),
    [runsOrders, waiting.length, alert.phase, alert.start, stop],
  );
  return <ServiceContext.Provider value={state}>{children}</ServiceContext.Provider>;
}
