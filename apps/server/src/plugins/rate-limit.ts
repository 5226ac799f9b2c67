import rateLimit, { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import { AppError } from '../lib/app-error.ts';

/** Where the counters live in a Redis that other programs may share. */
const REDIS_NAMESPACE = 'servery:rate-limit:';
/** A slow Redis must not hold up the request it is counting. */
const REDIS_COMMAND_TIMEOUT_MS = 1000;

/** How long a sign-in refused for a lost Redis tells the client to wait. */
const REDIS_DOWN_RETRY_SECONDS = 30;

export function tooManyRequests(seconds: number): AppError {
  const wait = `${seconds} second${seconds === 1 ? '' : 's'}`;
  return new AppError(429, 'rate_limited', `Too many requests. Please try again in ${wait}.`);
}

/**
 * Per-route request limits (docs/decisions/0007-rate-limits.md). Nothing is limited unless a
 * route asks for it with `config: { rateLimit: { max, timeWindow } }`. Each route counts per
 * shop and client IP; with a Redis URL every server process shares the counters, without one
 * each process counts in its own memory.
 */
export const rateLimitPlugin = fp(
  async (app: FastifyInstance, options: { redisUrl?: string }) => {
    let redis: Redis | undefined;
    if (options.redisUrl) {
      redis = new Redis(options.redisUrl, {
        lazyConnect: true,
        // Fail a command at once while disconnected rather than queue it behind the request.
        enableOfflineQueue: false,
        maxRetriesPerRequest: 1,
        commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
      });
      // Reconnection is automatic; a lost connection is worth a line in the log, not a crash.
      redis.on('error', (error: Error) => app.log.warn({ err: error }, 'Redis connection error'));
      try {
        await redis.connect();
      } catch (error) {
        redis.disconnect();
        throw new Error(
          `Cannot reach Redis at REDIS_URL (${redactPassword(options.redisUrl)}): ${(error as Error).message}`,
          { cause: error },
        );
      }
      const client = redis;
      app.addHook('onClose', async () => {
        await client.quit().catch(() => client.disconnect());
      });
    }

    // Routes that send or check sign-in codes fail closed (decision 7): while the shared
    // counters cannot be read, they answer 503 rather than run unlimited.
    if (redis) {
      const client = redis;
      app.addHook('onRequest', async (request) => {
        const limit = request.routeOptions.config.rateLimit as { failClosed?: boolean } | undefined;
        if (!limit?.failClosed || client.status === 'ready') return;
        throw new AppError(
          503,
          'limits_unavailable',
          'Signing in is paused for a moment while we reconnect. Please try again in half a minute.',
          undefined,
          REDIS_DOWN_RETRY_SECONDS,
        );
      });
    }

    await app.register(rateLimit, {
      global: false,
      ...(redis ? { redis, nameSpace: REDIS_NAMESPACE } : {}),
      // A Redis that is down lets requests through: a form that keeps working for a few
      // minutes without a limit is better than one that fails for everyone.
      skipOnError: true,
      // Shops share nothing: a busy office IP at one shop must not lock it out of another.
      keyGenerator: (request) => `${request.tenant.id}:${normalizeIP(request.ip)}`,
      errorResponseBuilder: (_request, context) =>
        tooManyRequests(Math.max(1, Math.ceil(context.ttl / 1000))),
    });
  },
  { name: 'rate-limit', dependencies: ['error-handler', 'tenant'] },
);

function redactPassword(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  return parsed.toString();
}
