import { join, resolve } from 'node:path';
import { buildApp } from './app.ts';
import { serveTenantCommands } from './cli/control-socket.ts';
import { databaseLabel } from './cli/tenant-cli.ts';
import { openDatabase } from './db/client.ts';
import { DataDirLockedError } from './db/data-dir-lock.ts';
import { ensureDemoOwner, seedDemoIfEmpty } from './db/seed/seed-demo.ts';
import {
  answerCheckOf,
  EnvError,
  readEnv,
  stripeConfigured,
  trustProxyOf,
  twilioConfigured,
} from './env.ts';
import { batchedStdout } from './lib/batched-stdout.ts';
import { slugsTakingTexts } from './modules/tenants/tenants.repository.ts';
import { serverPackageDir } from './lib/package-dir.ts';

const SHUTDOWN_GRACE_MS = 10_000;

async function main() {
  const env = readEnv();
  const production = env.NODE_ENV === 'production';
  const database = await openDatabase(
    env.DATABASE_URL
      ? { kind: 'postgres', url: env.DATABASE_URL }
      : { kind: 'pglite', dataDir: env.DATA_DIR },
  );
  let app;
  try {
    await database.migrate();
    const seed = env.SEED_DEMO ? env.SEED_DEMO === 'true' : !production;
    const seeded = seed && (await seedDemoIfEmpty(database.db));
    if (seed && !production) await ensureDemoOwner(database.db);
    app = await buildApp({
      database,
      defaultTenant: env.DEFAULT_TENANT,
      production,
      publicPort: env.PORT,
      webDistDir: join(serverPackageDir(), '../web/dist'),
      redisUrl: env.REDIS_URL,
      logger: { level: env.LOG_LEVEL, stream: batchedStdout() },
      secretKey: env.SECRET_KEY,
      trustProxy: trustProxyOf(env),
      frontDoor: env.FRONT_DOOR === 'on',
      answerCheck: answerCheckOf(env),
      stripe: stripeConfigured(env)
        ? {
            secretKey: env.STRIPE_SECRET_KEY!,
            publishableKey: env.STRIPE_PUBLISHABLE_KEY!,
            webhookSecret: env.STRIPE_WEBHOOK_SECRET!,
            apiUrl: env.STRIPE_API_URL,
            connectWebhookSecret: env.STRIPE_CONNECT_WEBHOOK_SECRET,
            // Each shop is paid into its own connected account in production (issue 17).
            connect: { required: production, directShop: env.STRIPE_DIRECT_SHOP },
          }
        : undefined,
      messages: {
        smtpUrl: env.SMTP_URL,
        mailFrom: env.MAIL_FROM,
        twilio: twilioConfigured(env)
          ? {
              accountSid: env.TWILIO_ACCOUNT_SID!,
              authToken: env.TWILIO_AUTH_TOKEN!,
              from: env.TWILIO_FROM!,
              apiUrl: env.TWILIO_API_URL,
              defaultCountryCode: env.SMS_DEFAULT_COUNTRY_CODE,
            }
          : undefined,
      },
      vapid: {
        publicKey: env.VAPID_PUBLIC_KEY,
        privateKey: env.VAPID_PRIVATE_KEY,
        subject: env.VAPID_SUBJECT ?? `mailto:${env.MAIL_FROM}`,
      },
    });
    if (production && env.TRUST_PROXY === 'true') {
      app.log.warn(
        'TRUST_PROXY=true believes every X-Forwarded-For header: any client can choose its own address and escape the per-IP limits. Set the number of proxies (TRUST_PROXY=1) or their addresses instead.',
      );
    }
    if (!production && (!env.SMTP_URL || !twilioConfigured(env))) {
      app.log.warn(
        'no SMTP_URL or Twilio settings: sign-in codes are written to this log instead of being sent (README "Signing in")',
      );
    }
    if (production && !twilioConfigured(env)) {
      const shops = await slugsTakingTexts(database.db);
      if (shops.length > 0) {
        app.log.warn(
          { shops },
          'no Twilio settings: these shops take sign-in by text message, but phone numbers will be refused with "Text messages are not available here". Set TWILIO_* or give them "messaging": { "signInChannels": ["email"] } (decision 0020)',
        );
      }
    }
    if (seeded) app.log.info('seeded the demo shop into the empty database');
    await app.listen({ port: env.PORT, host: env.HOST });
  } catch (error) {
    await app?.close();
    await database.close();
    throw error;
  }

  const where = env.DATABASE_URL ? 'PostgreSQL' : `the embedded database in ${env.DATA_DIR}`;
  app.log.info(`Servery is running on http://localhost:${env.PORT} with ${where}`);
  // `npm run tenant` hands its commands to this process while it holds the embedded database.
  const stopCommands = env.DATABASE_URL
    ? undefined
    : await serveTenantCommands(
        resolve(env.DATA_DIR),
        database.db,
        env,
        databaseLabel(env),
        (error) =>
          app.log.warn({ err: error }, 'tenant commands: the control socket could not be opened'),
      );

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info(`${signal}: finishing requests in flight, then stopping`);
    const force = setTimeout(() => {
      app.log.error('requests did not finish in time; stopping anyway');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    app
      .close()
      .then(() => stopCommands?.())
      .then(() => database.close())
      .then(
        () => process.exit(0),
        (error: unknown) => {
          app.log.error({ err: error }, 'error while stopping');
          process.exit(1);
        },
      );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

main().catch((error: unknown) => {
  if (error instanceof EnvError || error instanceof DataDirLockedError) {
    process.stderr.write(`${error.message}\n`);
  } else {
    process.stderr.write(`Servery could not start: ${(error as Error).stack ?? String(error)}\n`);
  }
  process.exit(1);
});
