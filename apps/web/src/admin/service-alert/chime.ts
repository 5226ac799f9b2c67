/** Chimes played so far in this page: the e2e tests read it, as they cannot hear. */
declare global {
  interface Window {
    __serveryChimes?: number;
  }
}

/** Two short rising notes, made on the spot: no sound file to fetch, nothing to decode. */
export function playChime(context: AudioContext): void {
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
  window.__serveryChimes = (window.__serveryChimes ?? 0) + 1;
}
