import { useEffect, useState } from 'react';
import { LIVE_EVENT_KINDS } from '@servery/contract/live-events';

export type LiveState = 'connecting' | 'live' | 'reconnecting';

/**
 * The staff application's live stream (GET /api/admin/events). EventSource reconnects by itself
 * and sends Last-Event-ID, so the server replays what was missed; `onEvent` runs for every event
 * and once more after each reconnect (a board refetches then: back-office.md complaint 4).
 */
export function useLiveEvents(onEvent: (kind: string) => void): LiveState {
  const [state, setState] = useState<LiveState>('connecting');
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    const source = new EventSource('/api/admin/events');
    let wasDown = false;
    const handle = (event: MessageEvent) => onEvent(event.type);
    // Every kind the server sends (a named event reaches only a listener of its name).
    for (const kind of LIVE_EVENT_KINDS) {
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
