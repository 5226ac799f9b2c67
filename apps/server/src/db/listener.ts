import pg from 'pg';

export interface ListenOptions {
  /**
   * Called after the connection was lost and LISTEN is in place again: notifications sent
   * while it was down are gone, so whoever relies on them catches up (drops caches, replays
   * from a table).
   */
  onReconnect?: () => void;
  /** Called once when the connection is lost (the caller logs it: issue 27). */
  onLost?: (error: Error | undefined) => void;
}

const FIRST_RETRY_MS = 100;
const MAX_RETRY_MS = 5_000;

/**
 * One dedicated PostgreSQL connection that LISTENs on `channel` and comes back by itself: a
 * restarted server, a terminated backend or a network cut only delays notifications (pooled
 * connections cannot LISTEN reliably: brianc/node-postgres#967). The first connection must
 * succeed (the caller learns at start that notifications cannot work); later ones retry with
 * backoff up to 5 s, for as long as it takes. Resolves to the function that stops it.
 */
export async function reconnectingListener(
  url: string,
  channel: string,
  onNotify: (payload: string) => void,
  { onReconnect, onLost }: ListenOptions = {},
): Promise<() => Promise<void>> {
  let client: pg.Client | undefined;
  let stopped = false;
  let retryMs = FIRST_RETRY_MS;
  let timer: NodeJS.Timeout | undefined;

  const open = async () => {
    // keepAlive: a cut network is noticed by the socket, not only at the next restart.
    const next = new pg.Client({ connectionString: url, keepAlive: true });
    next.on('notification', (message) => {
      if (message.channel === channel) onNotify(message.payload ?? '');
    });
    // A lost connection is an 'error' and/or an 'end': either schedules one reconnect.
    const lost = (error?: Error) => {
      if (client !== next) return;
      client = undefined;
      if (!stopped) onLost?.(error);
      scheduleReconnect();
    };
    next.on('error', lost);
    next.on('end', () => lost());
    try {
      await next.connect();
      await next.query(`listen ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      next.removeAllListeners('end');
      await next.end().catch(() => {});
      throw error;
    }
    client = next;
    return next;
  };

  const scheduleReconnect = () => {
    if (stopped || timer) return;
    timer = setTimeout(async () => {
      timer = undefined;
      if (stopped) return;
      try {
        const reopened = await open();
        if (stopped) {
          await reopened.end().catch(() => {});
          return;
        }
        retryMs = FIRST_RETRY_MS;
        onReconnect?.();
      } catch {
        retryMs = Math.min(retryMs * 2, MAX_RETRY_MS);
        scheduleReconnect();
      }
    }, retryMs);
    timer.unref();
  };

  await open();
  return async () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    const current = client;
    client = undefined;
    await current?.end().catch(() => {});
  };
}
