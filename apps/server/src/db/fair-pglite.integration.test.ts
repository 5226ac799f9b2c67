import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FairPGlite } from './fair-pglite.ts';

let db: FairPGlite;
beforeAll(async () => {
  db = new FairPGlite();
  await db.waitReady;
});
afterAll(async () => {
  await db.close();
});

/**
 * Twenty callers each run 10 queries one after the other, as requests on busy connections do.
 * Returns how many of the 200 had finished when a callback queued on the event loop at the
 * start (as a new connection's request is) got its turn, or null when it had not yet.
 */
async function queriesBeforeTheLoopTurns(): Promise<{ done: number | null; total: number }> {
  let done = 0;
  let seen: number | null = null;
  setImmediate(() => (seen = done));
  await Promise.all(
    Array.from({ length: 20 }, async () => {
      for (let i = 0; i < 10; i++) {
        await db.query('select 1');
        done += 1;
      }
    }),
  );
  return { done: seen, total: done };
}

describe('FairPGlite', () => {
  it('lets the event loop turn between queued queries, so new work is not held up behind them', async () => {
    const { done, total } = await queriesBeforeTheLoopTurns();
    expect(total).toBe(200);
    // PGlite alone runs all 200 back to back, and the loop turns only after them (null).
    expect(done).not.toBeNull();
    expect(done).toBeLessThan(5);
  });

  it('still runs a transaction alone: no other query comes between its statements', async () => {
    await db.exec('create table tally (n int not null)');
    await db.exec('insert into tally values (0)');
    await Promise.all([
      db.transaction(async (tx) => {
        const { rows } = await tx.query<{ n: number }>('select n from tally');
        await new Promise((resolve) => setTimeout(resolve, 20));
        await tx.query('update tally set n = $1', [rows[0]!.n + 1]);
      }),
      db.query('update tally set n = n + 10'),
    ]);
    const { rows } = await db.query<{ n: number }>('select n from tally');
    expect(rows[0]!.n).toBe(11);
  });
});
