import { useCallback, useEffect, useRef, useState } from 'react';
import { STORAGE_KEYS } from '../../lib/storage-keys.ts';
import { playChime } from './chime.ts';
import { ScreenAwake } from './screen-awake.ts';

const CHIME_EVERY_MS = 10_000;

/** off: never started in this tab; resume: started before a reload, one tap away; on: ringing. */
export type ServicePhase = 'off' | 'resume' | 'on';

const wasStarted = () => {
  try {
    return sessionStorage.getItem(STORAGE_KEYS.staffService) === 'on';
  } catch {
    return false;
  }
};
const remember = (on: boolean) => {
  try {
    if (on) sessionStorage.setItem(STORAGE_KEYS.staffService, 'on');
    else sessionStorage.removeItem(STORAGE_KEYS.staffService);
  } catch {
    // Storage disabled: a reload shows "Start service" again, as before.
  }
};

/** Asks once whether this screen may show notifications (a browser remembers the answer). */
function askToNotify(): Promise<NotificationPermission> {
  if (typeof Notification === 'undefined') return Promise.resolve('denied');
  if (Notification.permission !== 'default') return Promise.resolve(Notification.permission);
  return Notification.requestPermission().catch(() => 'default' as const);
}

/**
 * "Start service" for the whole staff application (docs/decisions/0032): one tap unlocks sound
 * (browsers allow audio only after a gesture), keeps the screen awake and asks to show
 * notifications; `onStarted` runs inside that tap. While anything waits, one chime every 10
 * seconds on whichever screen is open, never stacked however many orders arrive. After a reload
 * the tab remembers service was on, and the next tap anywhere resumes it.
 */
export function useServiceAlert(
  waiting: number,
  onStarted?: (permission: Promise<NotificationPermission>) => void,
) {
  const [phase, setPhase] = useState<ServicePhase>(() => (wasStarted() ? 'resume' : 'off'));
  const audio = useRef<AudioContext | null>(null);
  const [awake] = useState(() => new ScreenAwake());

  const start = useCallback(async () => {
    // Asked first, while the tap still counts as the person's own gesture.
    onStarted?.(askToNotify());
    const Context = window.AudioContext;
    if (Context && !audio.current) audio.current = new Context();
    await audio.current?.resume();
    await awake.hold();
    remember(true);
    setPhase('on');
  }, [awake, onStarted]);

  const stop = useCallback(() => {
    awake.release();
    void audio.current?.close().catch(() => {});
    audio.current = null;
    remember(false);
    setPhase('off');
  }, [awake]);

  // After a reload: the first tap or key anywhere is the gesture the sound needs.
  useEffect(() => {
    if (phase !== 'resume') return;
    const resume = () => void start();
    document.addEventListener('pointerdown', resume, { once: true });
    document.addEventListener('keydown', resume, { once: true });
    return () => {
      document.removeEventListener('pointerdown', resume);
      document.removeEventListener('keydown', resume);
    };
  }, [phase, start]);

  // Keyed on "anything waiting", not the count: five orders in a second are one chime, not five.
  const ringing = phase === 'on' && waiting > 0;
  useEffect(() => {
    if (!ringing) return;
    const chime = () => audio.current && playChime(audio.current);
    chime();
    const timer = setInterval(chime, CHIME_EVERY_MS);
    return () => clearInterval(timer);
  }, [ringing]);

  // Leaving the staff application (sign-out) lets go of the sound and the screen.
  useEffect(
    () => () => {
      awake.release();
      void audio.current?.close().catch(() => {});
    },
    [awake],
  );

  return { phase, start, stop };
}
