import { useSyncExternalStore } from 'react';
import { serverNow } from '../server-clock.ts';

/** Waiting times are shown in whole minutes: a tick every 15 s keeps them at most that late. */
const TICK_MS = 15_000;

const listeners = new Set<() => void>();
let now = serverNow();
let timer: ReturnType<typeof setInterval> | undefined;

function subscribe(listener: () => void) {
  listeners.add(listener);
  if (!timer) {
    now = serverNow();
    timer = setInterval(() => {
      now = serverNow();
      for (const l of [...listeners]) l();
    }, TICK_MS);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      clearInterval(timer);
      timer = undefined;
    }
  };
}

/**
 * The time now on the server's clock (server-clock.ts: the orders' times are the server's), shared
 * by every card of the board: one timer, however many cards wait.
 */
export function useDeskClock(): number {
  return useSyncExternalStore(subscribe, () => now);
}
