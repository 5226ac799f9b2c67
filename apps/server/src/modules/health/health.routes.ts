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

  app.get('/healthz', async () => ({ status: 200, message: 'ok', data: null }));

  app.get('/readyz', async (request, reply) => {
    if (stopping)
      return reply.code(503).send({ status: 503, message: 'Shutting down', data: null });
    try {
      await ping();
      return { status: 200, message: 'ready', data: null };
    } catch (error) {
      request.log.warn({ err: error }, 'readiness check failed');
      return reply
        .code(503)
        .send({ status: 503, message: 'The database is not reachable', data: null });
    }
  });
};
