import { useContext, useEffect, useSyncExternalStore } from 'react';
import { LiveStreamContext } from './live-events-context.ts';
import type { LiveStream } from './live-stream.ts';

export type { LiveState } from './live-stream.ts';

function useStream(): LiveStream {
  const stream = useContext(LiveStreamContext);
  if (!stream) throw new Error('useLiveEvents needs the LiveEventsProvider of the staff app');
  return stream;
}

/**
 * A screen's ear on the staff application's one live stream (live-stream.ts): `onEvent` runs
 * for every event with the id of what it is about, and with `resync` when the stream first
 * opens and after each reconnect (read again: live-stream.ts).
 * Answers the stream's state.
 */
export function useLiveEvents(onEvent: (kind: string, entityId?: string) => void) {
  const stream = useStream();
  useEffect(() => stream.listen(onEvent), [stream, onEvent]);
  return useLiveState();
}

/** Whether the stream is live, for a screen that shows it. */
export function useLiveState() {
  const stream = useStream();
  return useSyncExternalStore(stream.watch, () => stream.state);
}
