import { createServer, connect, type AddressInfo, type Socket } from 'node:net';
import pg from 'pg';
import type { Frame } from './live-board.ts';
import { adminQuery, databaseUrl } from './test-database.ts';
import { until } from './until.ts';

// What the fault tests of the desk's and the diary's undo share (PostgreSQL only): a statement
// on the test's database on a connection of its own, a request's transaction cut half-way or
// cut once committed, and the frames a board received about one entity.

/** A statement on database `name`, on a connection of its own. */
export async function onDatabase(name: string, text: string, values: unknown[] = []) {
  const client = new pg.Client({ connectionString: databaseUrl(name) });
  await client.connect();
  try {
    return await client.query(text, values);
  } finally {
    await client.end();
  }
}

/**
 * Cuts a request's transaction half-way and answers what the request then answered. Another
 * connection holds a row (`hold`) the request's transaction needs after its first writes; once
 * the request waits on that lock in a statement starting with `waitsIn` (an ILIKE pattern), the
 * test checks that the request has already written (`taken`: a row its transaction holds, which
 * `for update nowait` finds locked), and the request's backend is terminated.
 */
export async function cutHalfWay<T>(
  name: string,
  steps: {
    hold: { text: string; values: unknown[] };
    request: () => Promise<T>;
    waitsIn: string;
    /** A `select … for update nowait` of a row the request's transaction has written. */
    taken: { text: string; values: unknown[] };
    what: string;
  },
): Promise<{ answer: T; takenCode: string | undefined }> {
  const holder = new pg.Client({ connectionString: databaseUrl(name) });
  await holder.connect();
  let answer: Promise<T>;
  let takenCode: string | undefined;
  try {
    await holder.query('begin');
    await holder.query(steps.hold.text, steps.hold.values);
    answer = steps.request();
    const waiting = await until(async () => {
      const found = await adminQuery(
        `select pid from pg_stat_activity where datname = '${name}'
           and wait_event_type = 'Lock' and query ilike '${steps.waitsIn.replace(/'/g, "''")}'`,
      );
      return found.rows[0]?.pid as number | undefined;
    }, steps.what);
    takenCode = await onDatabase(name, steps.taken.text, steps.taken.values).then(
      () => undefined,
      (error: { code?: string }) => error.code,
    );
    await adminQuery(`select pg_terminate_backend(${Number(waiting)})`);
  } finally {
    await holder.query('rollback');
    await holder.end();
  }
  return { answer: await answer!, takenCode };
}

/** The entity a board's frame is about. */
export const entityOf = (frame: Frame) =>
  (JSON.parse(frame.data ?? '{}') as { entity_id?: string }).entity_id;

/** A board's frames about entity `id` received after the frame `after`. */
export const framesAbout = (frames: Frame[], id: string, after: Frame) =>
  frames.filter((f) => Number(f.id) > Number(after.id) && entityOf(f) === id);

/**
 * A way to database `name` that loses the answer to one COMMIT (decision 78): a process whose
 * pool goes through `url` works as on the database itself until `arm(marker)`; then the next
 * transaction that sends `marker` (an audit row's action among its statements' parameters) is
 * committed by PostgreSQL, and its connection is cut before the answer reaches the process.
 * The request that made it answers as a cut connection does (503), though its change is made:
 * what a tablet sees when the database's answer is lost after the commit. `arm` resolves once
 * that COMMIT was cut.
 */
export async function commitAnswerCutter(name: string) {
  const target = new URL(databaseUrl(name));
  let armed: { marker: string; cut: () => void } | null = null;
  const sockets = new Set<Socket>();

  const proxy = createServer((client) => {
    const server = connect(Number(target.port || 5432), target.hostname);
    for (const socket of [client, server]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
    }
    client.on('error', () => server.destroy());
    server.on('error', () => client.destroy());
    client.on('close', () => server.destroy());
    server.on('close', () => client.destroy());

    // This connection sent the marker in its open transaction: its COMMIT's answer is lost.
    let marked = false;
    let sent = '';
    client.on('data', (chunk: Buffer) => {
      if (armed && !marked) {
        sent = (sent + chunk.toString('latin1')).slice(-65_536);
        marked = sent.includes(armed.marker);
      }
      server.write(chunk);
    });

    // The database's messages, passed on whole (type byte, length, body), so that the answer
    // to the COMMIT can be held back: CommandComplete ('C') whose tag is COMMIT.
    let pending = Buffer.alloc(0);
    server.on('data', (chunk: Buffer) => {
      pending = Buffer.concat([pending, chunk]);
      const whole: Buffer[] = [];
      while (pending.length >= 5 && pending.length >= 1 + pending.readUInt32BE(1)) {
        const message = pending.subarray(0, 1 + pending.readUInt32BE(1));
        pending = pending.subarray(message.length);
        const type = String.fromCharCode(message[0]!);
        if (marked && armed && type === 'C' && message.toString('latin1', 5).startsWith('COMMIT')) {
          client.write(Buffer.concat(whole));
          armed.cut();
          armed = null;
          client.destroy();
          server.destroy();
          return;
        }
        // Ready for a query outside a transaction: one that sent the marker ended otherwise.
        if (type === 'Z' && message[5] === 0x49) {
          marked = false;
          sent = '';
        }
        whole.push(message);
      }
      if (whole.length > 0) client.write(Buffer.concat(whole));
    });
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const url = new URL(target);
  url.hostname = '127.0.0.1';
  url.port = String((proxy.address() as AddressInfo).port);

  return {
    url: url.toString(),
    arm: (marker: string) => new Promise<void>((cut) => (armed = { marker, cut })),
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => proxy.close(() => resolve()));
    },
  };
}
