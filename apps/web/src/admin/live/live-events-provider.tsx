import { useEffect, useState, type ReactNode } from 'react';
import { LiveStreamContext } from './live-events-context.ts';
import { LiveStream } from './live-stream.ts';

/**
 * Opens the staff application's one live stream while a signed-in person has it open; every
 * screen listens to it with useLiveEvents. Closed on sign-out (the provider unmounts).
 */
export function LiveEventsProvider({ children }: { children: ReactNode }) {
  const [stream] = useState(() => new LiveStream());
  useEffect(() => {
    stream.open();
    return () => stream.close();
  }, [stream]);
  return <LiveStreamContext.Provider value={stream}>{children}</LiveStreamContext.Provider>;
}
