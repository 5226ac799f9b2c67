import { setImmediate as nextTurn } from 'node:timers/promises';
import { PGlite } from '@electric-sql/pglite';

/**
 * PGlite that lets the event loop turn before each query or transaction.
 *
 * PGlite runs a query synchronously on this thread, behind one mutex, and hands the mutex to
 * the next waiter in a microtask. Under load the waiters' queries then run back to back in a
 * single task: no socket is read and no connection accepted until the queue runs dry. Requests
 * on busy connections keep the queue full, so a request on a new connection waited for a lull:
 * up to 3.5 s while the others were answered in 150 ms (bench, 50 connections). Waiting for the
 * next turn of the loop, inside the mutex, lets new requests in between queries and take their
 * place in line, in the order they came.
 */
export class FairPGlite extends PGlite {
  override async _runExclusiveTransaction<T>(fn: () => Promise<T>): Promise<T> {
    return super._runExclusiveTransaction(async () => {
      await nextTurn();
      return fn();
    });
  }
}
