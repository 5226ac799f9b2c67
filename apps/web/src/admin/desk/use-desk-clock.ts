import { useSyncExternalStore } from 'react';

/** Waiting times are shown in whole minutes: a tick every 15 s keeps them at most that late. */
const TICK_MS = 15_000;

const listeners = new Set<() => void>();
let now = Date.now();
let timer: ReturnType<typeof setInterval> | undefined;

function subscribe(listener: () => void) {
  listeners.add(listener);
  if (!timer) {
    now = Date.now();
    timer = setInterval(() => {
      now = Date.now();
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

/** The time now, shared by every card of the board: one timer, however many cards wait. */
export function useDeskClock(): number {
  return useSyncExternalStore(subscribe, () => now);
}
