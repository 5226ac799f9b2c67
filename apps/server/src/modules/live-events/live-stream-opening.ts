import type { FastifyReply, FastifyRequest } from 'fastify';
import { openEventStream } from './event-stream.ts';
import type { LiveEventsHub, LiveStream } from './live-events.hub.ts';
import type { LiveEventRow } from './live-events.repository.ts';

export interface LiveStreamOpening {
  /** Whose stream it is and what it sees. */
  scope: Omit<LiveStream, 'send' | 'end'>;
  /** Last-Event-ID: replay what came after it; undefined: a fresh stream. */
  from: number | undefined;
  /** Every event after an id this stream may see, oldest first (read page by page). */
  missed: (afterId: number) => Promise<LiveEventRow[]>;
  /** Where a fresh stream starts: the shop's newest event id. */
  newest: () => Promise<number>;
  /** Done before the stream is told it is ready (a board's stores count as watched). */
  beforeReady?: () => Promise<void>;
  frame: (event: LiveEventRow) => string;
}

/**
 * Opens a live stream handed to the hub, without a gap or a double between the replay and the
 * live events (decision 31). The stream is given to the hub first, holding what the hub sends
 * it; then the table is read (a failure there is an ordinary error answer, nothing is open yet);
 * then the replay is written in turn with the socket, then what the hub sent meanwhile, each
 * event once. An event the replay read but the hub has not dealt with yet is sent only once:
 * when the hub comes to it, it is skipped.
 */
export async function openLiveStream(
  hub: LiveEventsHub,
  request: FastifyRequest,
  reply: FastifyReply,
  opening: LiveStreamOpening,
) {
  // Set once the table has been read and the reply taken over; the hub may send before that.
  const sink: { out?: ReturnType<typeof openEventStream> } = {};
  let live = false;
  let ended = false;
  const held: LiveEventRow[] = [];
  let replayed = new Set<number>();
  const stream: LiveStream = {
    ...opening.scope,
    send: (event) => {
      if (replayed.has(event.id)) return;
      if (live) sink.out!.write(opening.frame(event));
      else held.push(event);
    },
    end: () => {
      ended = true;
      sink.out?.end();
    },
  };
  const remove = hub.add(stream);
  let missed: LiveEventRow[];
  let startId: number;
  try {
    missed = opening.from !== undefined ? await opening.missed(opening.from) : [];
    startId = opening.from ?? (await opening.newest());
    await opening.beforeReady?.();
  } catch (error) {
    remove();
    throw error;
  }
  const missedIds = new Set(missed.map((event) => event.id));
  replayed = new Set([...missedIds].filter((id) => !hub.handled(id)));
  const out = openEventStream(request, reply);
  sink.out = out;
  out.onClose(remove);
  if (ended) return out.end();
  for (const event of missed) await out.writeInTurn(opening.frame(event));
  if (opening.from === undefined) out.write(`id: ${startId}\nevent: ready\ndata: {}\n\n`);
  while (held.length > 0) {
    const event = held.shift()!;
    if (!missedIds.has(event.id)) await out.writeInTurn(opening.frame(event));
  }
  live = true;
}
