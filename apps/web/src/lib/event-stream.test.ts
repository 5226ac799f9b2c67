import { afterEach, describe, expect, it, vi } from 'vitest';
import { followEventStream, readFrames, type StreamFrame } from './event-stream.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('readFrames', () => {
  it('reads whole frames, skips comments and keeps the unfinished rest', () => {
    const { frames, rest } = readFrames(
      'retry: 3000\n: connected\n\nid: 7\nevent: order.status\ndata: {"id":7}\n\nid: 8\nevent: ord',
    );
    expect(frames).toEqual([{ id: '7', event: 'order.status', data: '{"id":7}' }]);
    expect(rest).toBe('id: 8\nevent: ord');
  });

  it('takes \\r\\n line ends, data over several lines, and a \\r split across chunks', () => {
    const first = readFrames('event: ready\r\ndata: a\r\ndata: b\r\n\r');
    expect(first.frames).toEqual([]);
    const second = readFrames(`${first.rest}\n`);
    expect(second.frames).toEqual([{ event: 'ready', data: 'a\nb' }]);
    expect(second.rest).toBe('');
  });
});

/** A fetch answer whose body is a stream of these chunks, then its end. */
const streamed = (chunks: string[]) =>
  new Response(
    new ReadableStream({
      start(controller) {
        for (const chunk of chunks) controller.enqueue(new TextEncoder().encode(chunk));
        controller.close();
      },
    }),
    { status: 200, headers: { 'content-type': 'text/event-stream' } },
  );

describe('followEventStream', () => {
  it('reconnects after the stream ends with the last id it saw, and stops on a refusal', async () => {
    const asked: Record<string, string>[] = [];
    const answers = [
      streamed(['id: 5\nevent: ready\ndata: {}\n\n', 'id: 6\nevent: order.status\ndata: {}\n\n']),
      streamed(['id: 9\nevent: order.status\ndata: {}\n\n']),
      new Response('{}', { status: 404 }),
    ];
    vi.stubGlobal('fetch', async (_url: string, init: RequestInit) => {
      asked.push(init.headers as Record<string, string>);
      return answers.shift()!;
    });
    const frames: StreamFrame[] = [];
    const seen: string[] = [];
    const refused = new Promise<number>((resolve) => {
      followEventStream('/api/orders/1/events', {
        headers: () => ({ authorization: 'Bearer token-token-token' }),
        onOpen: () => seen.push('open'),
        onFrame: (frame) => frames.push(frame),
        onDown: () => seen.push('down'),
        onRefused: resolve,
        retryMs: [0],
      });
    });
    expect(await refused).toBe(404);
    expect(seen).toEqual(['open', 'down', 'open', 'down']);
    expect(frames.map((f) => `${f.id} ${f.event}`)).toEqual([
      '5 ready',
      '6 order.status',
      '9 order.status',
    ]);
    expect(asked.map((h) => h['last-event-id'])).toEqual([undefined, '6', '9']);
    expect(asked[0]).toMatchObject({
      accept: 'text/event-stream',
      authorization: 'Bearer token-token-token',
    });
  });
});
