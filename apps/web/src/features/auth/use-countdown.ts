import { useCallback, useEffect, useState } from 'react';

/**
 * A countdown in whole seconds to an instant (ms since the epoch), ticking down to 0. `start`
 * begins a new one of the given length.
 */
export function useCountdown(initialUntil: number): [number, (seconds: number) => void] {
  const [clock, setClock] = useState(() => ({ until: initialUntil, now: Date.now() }));
  const running = clock.until > clock.now;

  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setClock((c) => ({ ...c, now: Date.now() })), 250);
    return () => clearInterval(timer);
  }, [running, clock.until]);

  const start = useCallback((seconds: number) => {
    const now = Date.now();
    setClock({ until: now + seconds * 1000, now });
  }, []);
  return [Math.max(0, Math.ceil((clock.until - clock.now) / 1000)), start];
}
