interface WakeLockSentinelLike {
  released?: boolean;
  release(): Promise<void>;
}
type WakeLockLike = { request(type: 'screen'): Promise<WakeLockSentinelLike> };

/**
 * Keeps the screen awake while service runs. The browser lets go of the lock whenever the tab is
 * hidden, so it is taken again each time the tab comes back.
 */
export class ScreenAwake {
  private lock: WakeLockSentinelLike | null = null;
  private wanted = false;

  private readonly onVisible = () => {
    if (this.wanted && document.visibilityState === 'visible') void this.take();
  };

  async hold(): Promise<void> {
    this.wanted = true;
    document.addEventListener('visibilitychange', this.onVisible);
    await this.take();
  }

  release(): void {
    this.wanted = false;
    document.removeEventListener('visibilitychange', this.onVisible);
    void this.lock?.release().catch(() => {});
    this.lock = null;
  }

  private async take() {
    if (this.lock && !this.lock.released) return;
    try {
      const wakeLock = (navigator as { wakeLock?: WakeLockLike }).wakeLock;
      this.lock = (await wakeLock?.request('screen')) ?? null;
    } catch {
      // No wake lock (an old browser, a low battery): the board still works.
    }
  }
}
