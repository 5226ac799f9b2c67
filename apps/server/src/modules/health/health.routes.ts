import type { FastifyPluginAsync } from 'fastify';

/** /healthz: the process answers. /readyz: it can reach its database and is not stopping. */
export const healthRoutes: FastifyPluginAsync<{ ping: () => Promise<void> }> = async (
  app,
  { ping },
) => {
  let stopping = false;
  app.addHook('preClose', async () => {
    stopping = true;
  });

  app.get('/healthz', async () => ({ status: 200, message: 'ok' }));

  app.get('/readyz', async (request, reply) => {
    if (stopping) return reply.code(503).send({ status: 503, message: 'Shutting down' });
    try {
      await ping();
      return { status: 200, message: 'ready' };
    } catch (error) {
      request.log.warn({ err: error }, 'readiness check failed');
      return reply.code(503).send({ status: 503, message: 'The database is not reachable' });
    }
  });
};
