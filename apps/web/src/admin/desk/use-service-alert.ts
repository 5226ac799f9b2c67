import { useCallback, useEffect, useRef, useState } from 'react';

const CHIME_EVERY_MS = 10_000;

/**
 * "Start service": one tap unlocks sound (browsers allow audio only after a gesture) and keeps
 * the screen awake. While anything is new, one chime every 10 seconds, never stacked however
 * many orders arrive; it stops as soon as nothing is new (on every board, since every board
 * hears the same live events).
 */
export function useServiceAlert(newCount: number) {
  const [started, setStarted] = useState(false);
  const audio = useRef<AudioContext | null>(null);
  const wakeLock = useRef<{ release(): Promise<void> } | null>(null);

  const chime = useCallback(() => {
    const context = audio.current;
    if (!context) return;
    for (const [offset, frequency] of [
      [0, 880],
      [0.18, 1175],
    ] as const) {
      const osc = context.createOscillator();
      const gain = context.createGain();
      osc.frequency.value = frequency;
      gain.gain.setValueAtTime(0.001, context.currentTime + offset);
      gain.gain.exponentialRampToValueAtTime(0.4, context.currentTime + offset + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.001, context.currentTime + offset + 0.35);
      osc.connect(gain).connect(context.destination);
      osc.start(context.currentTime + offset);
      osc.stop(context.currentTime + offset + 0.4);
    }
    (window as { __serveryChimes?: number }).__serveryChimes =
      ((window as { __serveryChimes?: number }).__serveryChimes ?? 0) + 1;
  }, []);

  const start = useCallback(async () => {
    const Context = window.AudioContext;
    if (Context && !audio.current) audio.current = new Context();
    await audio.current?.resume();
    try {
      const lock = (
        navigator as {
          wakeLock?: { request(type: 'screen'): Promise<{ release(): Promise<void> }> };
        }
      ).wakeLock;
      wakeLock.current = (await lock?.request('screen')) ?? null;
    } catch {
      // No wake lock (an old browser, a low battery): the board still works.
    }
    setStarted(true);
  }, []);

  // Keyed on "anything new", not the count: five orders in a second are one chime, not five.
  const ringing = started && newCount > 0;
  useEffect(() => {
    if (!ringing) return;
    chime();
    const timer = setInterval(chime, CHIME_EVERY_MS);
    return () => clearInterval(timer);
  }, [ringing, chime]);

  useEffect(
    () => () => {
      void wakeLock.current?.release().catch(() => {});
      void audio.current?.close().catch(() => {});
    },
    [],
  );

  return { started, start };
}
