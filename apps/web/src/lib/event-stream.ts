/** One Server-Sent Event as the server wrote it. */
export interface StreamFrame {
  id?: string;
  event: string;
  data: string;
}

/**
 * Splits what has arrived into whole frames (a blank line ends one) and the unfinished rest.
 * Comment lines (`: heartbeat`) and fields other than id, event and data are skipped.
 */
export function readFrames(buffer: string): { frames: StreamFrame[]; rest: string } {
  // A lone \r at the end may be the first half of \r\n: it waits for the next chunk.
  const whole = buffer.endsWith('\r') ? buffer.slice(0, -1) : buffer;
  const text = whole.replace(/\r\n?/g, '\n');
  const frames: StreamFrame[] = [];
  const blocks = text.split('\n\n');
  const last = blocks.pop() ?? '';
  for (const block of blocks) {
    const frame: StreamFrame = { event: '', data: '' };
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (line === '' || line.startsWith(':')) continue;
      const colon = line.indexOf(':');
      const field = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'id') frame.id = value;
      else if (field === 'event') frame.event = value;
      else if (field === 'data') data.push(value);
    }
    frame.data = data.join('\n');
    if (frame.event || data.length) frames.push({ ...frame, event: frame.event || 'message' });
  }
  return { frames, rest: last + buffer.slice(whole.length) };
}

export interface FollowOptions {
  /** The request's headers, asked afresh for each connection (a bearer token may change). */
  headers: () => Record<string, string>;
  /** The stream is open (the first time, and after each reconnection). */
  onOpen: () => void;
  onFrame: (frame: StreamFrame) => void;
  /** The stream dropped or could not open; another try follows. */
  onDown: () => void;
  /** The server refused the stream (a 4xx): no more tries. */
  onRefused: (status: number) => void;
  /** Waits between tries after a failure, the last one repeated. */
  retryMs?: readonly number[];
}

const RETRY_MS = [1_000, 3_000, 10_000, 30_000];

/**
 * Follows a Server-Sent Events stream with fetch, so that it can carry the customer's bearer
 * token (EventSource sends only cookies). It reconnects by itself with `Last-Event-ID`, waiting
 * longer after each failure in a row, and at once when asked (`retryNow`: the page is shown
 * again, the network is back). `stop` ends it for good.
 */
export function followEventStream(url: string, options: FollowOptions) {
  const retryMs = options.retryMs ?? RETRY_MS;
  let stopped = false;
  let failures = 0;
  let lastEventId: string | undefined;
  let controller: AbortController | undefined;
  let wake: (() => void) | undefined;
  let connected = false;

  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });

  async function connectOnce(): Promise<'ended' | 'refused'> {
    controller = new AbortController();
    const response = await fetch(url, {
      headers: {
        accept: 'text/event-stream',
        ...options.headers(),
        ...(lastEventId !== undefined ? { 'last-event-id': lastEventId } : {}),
      },
      cache: 'no-store',
      signal: controller.signal,
    });
    if (response.status >= 400 && response.status < 500) {
      options.onRefused(response.status);
      return 'refused';
    }
    if (!response.ok || !response.body) return 'ended';
    connected = true;
    failures = 0;
    options.onOpen();
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done || stopped) return 'ended';
      const { frames, rest } = readFrames(buffer + decoder.decode(value, { stream: true }));
      buffer = rest;
      for (const frame of frames) {
        if (frame.id !== undefined) lastEventId = frame.id;
        options.onFrame(frame);
      }
    }
  }

  void (async () => {
    while (!stopped) {
      connected = false;
      const outcome = await connectOnce().catch(() => 'ended' as const);
      if (stopped || outcome === 'refused') return;
      options.onDown();
      if (!connected) failures++;
      await pause(retryMs[Math.min(Math.max(failures - 1, 0), retryMs.length - 1)]!);
    }
  })();

  return {
    stop() {
      stopped = true;
      controller?.abort();
      wake?.();
    },
    retryNow() {
      wake?.();
    },
  };
}
