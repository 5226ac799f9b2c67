import { useEffect, useRef, useState } from 'react';
import { followEventStream } from '../../lib/event-stream.ts';
import { currentUserData } from '../../lib/session.ts';

/** off: not followed (the order is done, or nobody is signed in); down: the page polls instead. */
export type OrderLive = 'off' | 'connecting' | 'live' | 'down';

/**
 * Follows one order live (issue 20, point 4: GET /api/orders/{id}/events, docs/decisions/0016).
 * `onChange` runs on every event of the order and each time the stream opens, so the page
 * refetches the order rather than patching it and is never stale after a dropped connection. A
 * refused stream (signed out, no such order) is not tried again; the refetch shows why.
 */
export function useOrderEvents(orderId: string, enabled: boolean, onChange: () => void): OrderLive {
  // What the stream of this order last said (a stream of another order says nothing here).
  const [said, setSaid] = useState<{ orderId: string; state: OrderLive }>();
  const changed = useRef(onChange);
  useEffect(() => {
    changed.current = onChange;
  }, [onChange]);
  const active = enabled && Boolean(orderId) && currentUserData() !== null;
  useEffect(() => {
    if (!active || typeof fetch === 'undefined') return;
    const setState = (state: OrderLive) => setSaid({ orderId, state });
    const follower = followEventStream(`/api/orders/${encodeURIComponent(orderId)}/events`, {
      headers: (): Record<string, string> => {
        const token = currentUserData()?.token;
        return token ? { authorization: `Bearer ${token}` } : {};
      },
      onOpen: () => {
        setState('live');
        changed.current();
      },
      onFrame: (frame) => {
        if (frame.event !== 'ready') changed.current();
      },
      onDown: () => setState('down'),
      onRefused: () => {
        setState('down');
        changed.current();
      },
    });
    // A phone that slept or lost its signal tries again as soon as it is back.
    const again = () => {
      if (document.visibilityState === 'visible') follower.retryNow();
    };
    document.addEventListener('visibilitychange', again);
    window.addEventListener('online', again);
    return () => {
      follower.stop();
      document.removeEventListener('visibilitychange', again);
      window.removeEventListener('online', again);
    };
  }, [orderId, active]);
  if (!active) return 'off';
  return said?.orderId === orderId ? said.state : 'connecting';
}
