import { useEffect, useState } from 'react';

export type LiveState = 'connecting' | 'live' | 'reconnecting';

/**
 * The staff application's live stream (GET /api/admin/events). EventSource reconnects by itself
 * and sends Last-Event-ID, so the server replays what was missed; `onEvent` runs for every event
 * and once more after each reconnect (a board refetches then: BACK-OFFICE.md complaint 4).
 */
export function useLiveEvents(onEvent: (kind: string) => void): LiveState {
  const [state, setState] = useState<LiveState>('connecting');
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    const source = new EventSource('/api/admin/events');
    let wasDown = false;
    const handle = (event: MessageEvent) => onEvent(event.type);
    for (const kind of [
      'order.created',
      'order.status',
      'booking.created',
      'booking.status',
      'closeout.changed',
      // Service controls (issue 15).
      'availability.changed',
      'menu.changed',
      'store.changed',
      'shop.changed',
    ]) {
      source.addEventListener(kind, handle);
    }
    source.addEventListener('open', () => {
      setState('live');
      if (wasDown) onEvent('reconnected');
      wasDown = false;
    });
    source.addEventListener('error', () => {
      wasDown = true;
      setState('reconnecting');
    });
    return () => source.close();
  }, [onEvent]);
  return state;
}
