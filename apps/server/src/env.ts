import { z } from 'zod';

const ZEnv = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// connection URL')
    .optional(),
  DEFAULT_TENANT: z
    .string()
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'must be the slug of a tenant, such as demo')
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL')
    .optional(),
  /** Seed the demo shop into an empty database (default: on outside production). */
  SEED_DEMO: z.enum(['true', 'false']).optional(),
});
export type Env = z.infer<typeof ZEnv>;

/** Reads the environment once at boot; empty strings count as unset. */
export function readEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const present = Object.fromEntries(
    Object.entries(source).filter(([key, value]) => key in ZEnv.shape && value !== ''),
  );
  const result = ZEnv.safeParse(present);
  if (result.success) return result.data;
  const lines = result.error.issues.map((issue) => {
    const name = String(issue.path[0]);
    return `  ${name}=${JSON.stringify(source[name])}: ${issue.message}`;
  });
  throw new EnvError(`Servery cannot start: bad environment variables\n${lines.join('\n')}`);
}

export class EnvError extends Error {}
