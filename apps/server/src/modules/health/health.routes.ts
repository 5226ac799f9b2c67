import type { FastifyPluginAsync } from 'fastify';
import { logSafeError } from '../../lib/log-safe-error.ts';

/**
 * How long /readyz waits for the database: a host that does not answer (a network cut, a
 * server mid-restart) must make the check fail, not hang past the balancer's own timeout.
 */
const PING_TIMEOUT_MS = 2_000;

/**
 * /healthz: the process answers. /readyz: it can reach its database and is not stopping. Each
 * check asks the database again (nothing is remembered), so it says ready on the first check
 * after the database is back (issue 27: within 5 s).
 */
export const healthRoutes: FastifyPluginAsync<{ ping: () => Promise<void> }> = async (
  app,
  { ping },
) => {
  let stopping = false;
  app.addHook('preClose', async () => {
    stopping = true;
  });

  app.get('/healthz', async () => ({ status: 200, message: 'ok', data: null }));

  app.get('/readyz', async (request, reply) => {
    if (stopping)
      return reply.code(503).send({ status: 503, message: 'Shutting down', data: null });
    try {
      await withTimeout(ping(), PING_TIMEOUT_MS);
      return { status: 200, message: 'ready', data: null };
    } catch (error) {
      request.log.warn({ err: logSafeError(error) }, 'readiness check failed');
      return reply
        .code(503)
        .send({ status: 503, message: 'The database is not reachable', data: null });
    }
  });
};

function withTimeout(work: Promise<void>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  // The ping may still fail after the timeout: nobody waits for it then.
  work.catch(() => {});
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}
