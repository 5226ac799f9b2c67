import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import { isDatabaseUnavailable } from './database-faults.ts';
import * as schema from './schema.ts';
import type { Database } from './client.ts';

/**
 * Transactions on PostgreSQL that always give their connection back to the pool.
 *
 * drizzle-orm 0.45's node-postgres transaction checks a client out of the pool and sends BEGIN
 * before the try/finally that releases it: when BEGIN fails (its connection was cut while it sat
 * idle in the pool, or the server refused the statement), the client is never released. Each
 * such fault shrank the pool by one for good, and `pool.end()` waited for it forever (seen as a
 * hung shutdown in the faults test, issue 27). Here the client is checked out first and released
 * in a `finally` of our own; drizzle runs the transaction on that one client (on a client, not a
 * pool, it neither checks out nor releases). A client whose connection failed is destroyed, not
 * put back.
 */
export function withReleasingTransactions(db: Database, pool: pg.Pool): Database {
  // One drizzle instance per pooled client (the pool reuses a few clients for its whole life).
  const onClient = new WeakMap<pg.PoolClient, Database>();
  const transaction: Database['transaction'] = async (run, config) => {
    const client = await pool.connect();
    let broken: Error | undefined;
    try {
      let clientDb = onClient.get(client);
      if (!clientDb) {
        clientDb = drizzleNodePg(client, { schema }) as unknown as Database;
        onClient.set(client, clientDb);
      }
      return await clientDb.transaction(run, config);
    } catch (error) {
      if (isDatabaseUnavailable(error)) broken = error as Error;
      throw error;
    } finally {
      client.release(broken);
    }
  };
  return Object.assign(db, { transaction });
}
