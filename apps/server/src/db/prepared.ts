import type { Executor } from './client.ts';

/**
 * A statement built once per database and prepared there by name (decisions 11 and 51): the
 * hottest reads and writes of a service (a staff session, the outbox's claim and mark, an
 * order's customer, the desk's order) run many times a second, and building one with Drizzle
 * cost more CPU than its round trip. Values go in as `sql.placeholder(name)`s.
 *
 * Only for statements run on the database itself: one run in a transaction is built again for
 * that transaction (each transaction is an executor of its own), which is correct but saves
 * nothing.
 */
export function preparedPerDatabase<Query>(
  build: (db: Executor) => Query,
): (db: Executor) => Query {
  const built = new WeakMap<Executor, Query>();
  return (db) => {
    let query = built.get(db);
    if (!query) built.set(db, (query = build(db)));
    return query;
  };
}
