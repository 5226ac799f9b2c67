import { request as httpRequest, type IncomingMessage } from 'node:http';
import type { StaffAgent } from './staff.ts';

export interface Frame {
  id?: string;
  event?: string;
  data?: string;
}

/** A staff board's live stream on the server at `url`: the frames as they arrive. */
export function openBoard(url: string, agent: StaffAgent, lastEventId?: number) {
  return openStream(
    `${url}/api/admin/events`,
    { host: agent.host, cookie: agent.cookie },
    lastEventId,
  );
}

/**
 * A Server-Sent Events stream at `url` with these headers, read as a browser would: the frames
 * as they arrive, and the answer's status and headers once it opens.
 */
export function openStream(url: string, headers: Record<string, string>, lastEventId?: number) {
  const frames: Frame[] = [];
  let buffer = '';
  let response: IncomingMessage | undefined;
  const req = httpRequest(url, {
    headers: {
      ...headers,
      ...(lastEventId !== undefined ? { 'last-event-id': String(lastEventId) } : {}),
    },
  });
  const opened = new Promise<IncomingMessage>((resolve) => {
    req.on('response', (res) => {
      response = res;
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        buffer += chunk;
        let end;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const frame: Frame = {};
          for (const line of block.split('\n')) {
            const [key, ...rest] = line.split(': ');
            if (key === 'id' || key === 'event' || key === 'data') frame[key] = rest.join(': ');
          }
          if (frame.event || frame.data) frames.push(frame);
        }
      });
      resolve(res);
    });
  });
  req.on('error', () => {});
  req.end();
  return {
    frames,
    opened,
    close: () => {
      response?.destroy();
      req.destroy();
    },
    async waitFor(test: (f: Frame) => boolean, ms = 3000) {
      const deadline = Date.now() + ms;
      while (!frames.some(test)) {
        if (Date.now() > deadline) throw new Error(`no such frame; got ${JSON.stringify(frames)}`);
        await new Promise((r) => setTimeout(r, 20));
      }
      return frames.find(test)!;
    },
  };
}
