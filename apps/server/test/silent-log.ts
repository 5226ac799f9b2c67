import Fastify from 'fastify';

/** A logger that writes nothing, for a piece built outside an app in a test. */
export const silentLog = Fastify({ logger: false }).log;
