import { LIVE_EVENT_KINDS } from '@servery/contract/live-events';

export type LiveState = 'connecting' | 'live' | 'reconnecting';
/** An event's kind, and the id of what it is about (an order's, a booking's) when it names one. */
type Listener = (kind: string, entityId?: string) => void;

/** The `entity_id` of an event's data (`{ id, kind, entity_id, store_id, at }`), if it has one. */
function entityOf(data: unknown): string | undefined {
  if (typeof data !== 'string') return undefined;
  try {
    const id = (JSON.parse(data) as { entity_id?: unknown }).entity_id;
    return typeof id === 'string' ? id : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The staff application's one stream (GET /api/admin/events), shared by every screen: the
 * server caps streams per session, and a screen that opened its own would count against the cap
 * and replay the same events again (docs/decisions/0032). EventSource reconnects by itself and
 * sends Last-Event-ID, so the server replays what was missed; each listener hears every event,
 * and `resync` when the stream first opens and after each reconnect: what a screen read before
 * then may have missed an event, so it reads again (a board refetches then: back-office.md
 * complaint 4). On the first open that is the read a screen made beside the stream's opening:
 * an order placed between that read and the server taking the stream would otherwise stay off
 * the board until something else about it happened (decision 62).
 */
export class LiveStream {
  private readonly listeners = new Set<Listener>();
  private readonly watchers = new Set<() => void>();
  private source: EventSource | null = null;
  state: LiveState = 'connecting';

  open(): void {
    if (this.source || typeof EventSource === 'undefined') return;
    const source = new EventSource('/api/admin/events');
    this.source = source;
    // Until the first open, what the screens read may predate the stream: resync then too.
    let wasDown = true;
    const handle = (event: MessageEvent) => this.emit(event.type, entityOf(event.data));
    // Every kind the server sends (a named event reaches only a listener of its name).
    for (const kind of LIVE_EVENT_KINDS) source.addEventListener(kind, handle);
    source.addEventListener('open', () => {
      this.setState('live');
      if (wasDown) this.emit('resync');
      wasDown = false;
    });
    source.addEventListener('error', () => {
      wasDown = true;
      this.setState('reconnecting');
    });
  }

  close(): void {
    this.source?.close();
    this.source = null;
    this.setState('connecting');
  }

  /** Hears every event; answers the unsubscribe. */
  listen(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** For useSyncExternalStore: told when `state` changes. */
  watch = (onChange: () => void): (() => void) => {
    this.watchers.add(onChange);
    return () => this.watchers.delete(onChange);
  };

  private emit(kind: string, entityId?: string) {
    for (const listener of [...this.listeners]) listener(kind, entityId);
  }

  private setState(state: LiveState) {
    if (this.state === state) return;
    this.state = state;
    for (const watcher of [...this.watchers]) watcher();
  }
}
