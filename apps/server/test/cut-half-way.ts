import pg from 'pg';
import type { Frame } from './live-board.ts';
import { adminQuery, databaseUrl } from './test-database.ts';
import { until } from './until.ts';

// What the fault tests of the desk's and the diary's undo share (PostgreSQL only): a statement
// on the test's database on a connection of its own, a request's transaction cut half-way, and
// the frames a board received about one entity.

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
