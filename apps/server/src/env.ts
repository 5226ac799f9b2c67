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
  /**
   * Behind a load balancer: which proxies to believe about the client's address and protocol
   * (X-Forwarded-For/-Proto). "true" trusts every hop, a number that many hops, or a
   * comma-separated list of addresses/CIDRs. Unset, the socket's address is the client.
   */
  TRUST_PROXY: z
    .string()
    .regex(
      /^(true|\d+|[\d.:/a-fA-F]+(,[\d.:/a-fA-F]+)*)$/,
      'must be true, a hop count, or addresses/CIDRs separated by commas',
    )
    .optional(),
  /** Seed the demo shop into an empty database (default: on outside production). */
  SEED_DEMO: z.enum(['true', 'false']).optional(),
  /** Key for the keyed hashes of sign-in codes; required in production (32+ characters). */
  SECRET_KEY: z
    .string()
    .min(32, 'must be at least 32 characters (try: openssl rand -hex 32)')
    .optional(),
  /** Outgoing e-mail: smtp://user:password@host:port (smtps:// for TLS from the start). */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  /** The address e-mails come from; the shop's name is shown as the sender. */
  MAIL_FROM: z.email('must be an e-mail address').default('no-reply@servery.local'),
  /** Text messages through Twilio's Messages API (providers/sms/twilio.ts). */
  TWILIO_ACCOUNT_SID: z
    .string()
    .regex(/^AC[0-9a-fA-F]{32}$/, 'must be an account SID (AC…)')
    .optional(),
  TWILIO_AUTH_TOKEN: z.string().min(1).optional(),
  /** The sending number in E.164 form, or a Messaging Service SID (MG…). */
  TWILIO_FROM: z
    .string()
    .regex(/^(\+[1-9]\d{6,14}|MG[0-9a-fA-F]{32})$/, 'must be +E.164 or MG…')
    .optional(),
  TWILIO_API_URL: z.url('must be a URL').default('https://api.twilio.com'),
  /** Country whose national numbers customers type (07…), for the international form. */
  /** Card payments through Stripe (all of the first three, or none). */
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^sk_(test|live)_\w+$/, 'must be a Stripe secret key (sk_…)')
    .optional(),
  STRIPE_PUBLISHABLE_KEY: z
    .string()
    .regex(/^pk_(test|live)_\w+$/, 'must be a Stripe publishable key (pk_…)')
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_\w+$/, 'must be a webhook signing secret (whsec_…)')
    .optional(),
  STRIPE_API_URL: z.url('must be a URL').optional(),
  /** The signing secret of the Connect webhook endpoint (events of shops' connected accounts). */
  STRIPE_CONNECT_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_\w+$/, 'must be a webhook signing secret (whsec_…)')
    .optional(),
  /** The one shop (its slug) paid into the platform's own Stripe account, not a connected one. */
  STRIPE_DIRECT_SHOP: z
    .string()
    .regex(/^[a-z0-9][a-z0-9-]{0,39}$/, 'must be a shop slug')
    .optional(),
  /** Lets production take payments with the test-mode card form (a demo deployment). */
  DEMO_PAYMENTS: z.enum(['true', 'false']).optional(),
  /** `off` sends every request through the framework: the front door (decision 0029) shut. */
  FRONT_DOOR: z.enum(['on', 'off']).default('on'),
  /**
   * How answers are checked against the contract (decision 0060): `every` one, or a `sample`
   * logged when outside it. Unset: `sample` in production, `every` elsewhere.
   */
  ANSWER_CHECK: z.enum(['every', 'sample']).optional(),
  SMS_DEFAULT_COUNTRY_CODE: z
    .string()
    .regex(/^[1-9]\d{0,2}$/, 'must be a calling code such as 44')
    .default('44'),
  /**
   * Web Push to staff devices (docs/decisions/0032): the VAPID key pair as web-push makes it
   * (npx web-push generate-vapid-keys), both or neither; neither, the first process makes a pair
   * and keeps it in the database for every other.
   */
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^B[A-Za-z0-9_-]{86}$/, 'must be a P-256 public key in base64url (87 characters)')
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/, 'must be a P-256 private key in base64url (43 characters)')
    .optional(),
  /** Who push services may contact about this server (default: mailto: MAIL_FROM). */
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:[^@\s]+@[^@\s]+|https:\/\/\S+)$/, 'must be a mailto: or https:// address')
    .optional(),
});
export type Env = z.infer<typeof ZEnv>;

/** Reads the environment once at boot; empty strings count as unset. */
export function readEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const present = Object.fromEntries(
    Object.entries(source).filter(([key, value]) => key in ZEnv.shape && value !== ''),
  );
  const result = ZEnv.safeParse(present);
  if (result.success) {
    const problems = productionProblems(result.data);
    if (problems.length === 0) return result.data;
    throw new EnvError(
      `Servery cannot start: settings missing\n${problems.map((p) => `  ${p}`).join('\n')}`,
    );
  }
  const lines = result.error.issues.map((issue) => {
    const name = String(issue.path[0]);
    return `  ${name}=${JSON.stringify(source[name])}: ${issue.message}`;
  });
  throw new EnvError(`Servery cannot start: bad environment variables\n${lines.join('\n')}`);
}

export class EnvError extends Error {}

const TWILIO_KEYS = ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_FROM'] as const;
const STRIPE_KEYS = [
  'STRIPE_SECRET_KEY',
  'STRIPE_PUBLISHABLE_KEY',
  'STRIPE_WEBHOOK_SECRET',
] as const;

/** Stripe is configured when its three keys are present. */
export function stripeConfigured(env: Env): boolean {
  return STRIPE_KEYS.every((key) => env[key] !== undefined);
}

/** Twilio is configured when all three of its settings are present. */
export function twilioConfigured(env: Env): boolean {
  return TWILIO_KEYS.every((key) => env[key] !== undefined);
}

/**
 * Production must send real e-mail and hash codes with a key of its own: the log transport
 * would print customers' sign-in codes into the server log. Twilio is optional: without it no
 * text is sent, and a shop that takes SMS sign-in refuses phone numbers (decision 0020).
 */
function productionProblems(env: Env): string[] {
  const problems: string[] = [];
  const partTwilio = TWILIO_KEYS.filter((key) => env[key] !== undefined);
  if (partTwilio.length > 0 && partTwilio.length < TWILIO_KEYS.length) {
    const missing = TWILIO_KEYS.filter((key) => env[key] === undefined);
    problems.push(`${missing.join(', ')}: text messages need all of ${TWILIO_KEYS.join(', ')}`);
  }
  const partStripe = STRIPE_KEYS.filter((key) => env[key] !== undefined);
  if (partStripe.length > 0 && partStripe.length < STRIPE_KEYS.length) {
    const missing = STRIPE_KEYS.filter((key) => env[key] === undefined);
    problems.push(`${missing.join(', ')}: card payments need all of ${STRIPE_KEYS.join(', ')}`);
  }
  if (Boolean(env.VAPID_PUBLIC_KEY) !== Boolean(env.VAPID_PRIVATE_KEY)) {
    problems.push(
      'VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY: Web Push needs both keys of the pair, or neither',
    );
  }
  if (env.NODE_ENV !== 'production') return problems;
  if (!env.SECRET_KEY) problems.push('SECRET_KEY: the key sign-in codes are hashed with');
  if (!env.SMTP_URL) problems.push('SMTP_URL: e-mail delivery (sign-in codes sent by e-mail)');
  if (partStripe.length === 0 && env.DEMO_PAYMENTS !== 'true') {
    problems.push(
      `${STRIPE_KEYS.join(', ')}: card payments (or DEMO_PAYMENTS=true for a demo that takes test cards only)`,
    );
  }
  return problems;
}

/** How answers are checked (decision 0060): as ANSWER_CHECK says, else a sample in production. */
export function answerCheckOf(env: Env): 'every' | 'sample' {
  return env.ANSWER_CHECK ?? (env.NODE_ENV === 'production' ? 'sample' : 'every');
}

/** TRUST_PROXY as Fastify's trustProxy option. */
export function trustProxyOf(
  env: Env,
): boolean | string[] | ((address: string, hop: number) => boolean) | undefined {
  const value = env.TRUST_PROXY;
  if (value === undefined) return undefined;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return (_address, hop) => hop < hops;
  }
  return value.split(',');
}
