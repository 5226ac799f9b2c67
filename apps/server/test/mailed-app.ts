import { afterAll, beforeAll } from 'vitest';
import type { TenantDocumentInput } from '@servery/contract/tenant-document';
import type { AppOptions } from '../src/app.ts';
import { importTestTenant } from './factories.ts';
import { startFakeTwilio, type FakeTwilio } from './fake-twilio.ts';
import { startSmtpMailbox, type SmtpMailbox } from './smtp-mailbox.ts';
import { createTestApp } from './test-app.ts';

/**
 * A test file's app whose messages take the real mail path (outbox → nodemailer → SMTP) to a
 * mailbox, with `shops` imported: started before the file's tests and closed after them, the
 * app (the SMTP client) before the server it talks to. With `texts`, texts go through the app's
 * Twilio transport to a local server that answers like Twilio (fake-twilio.ts). `ctx`, `mailbox`
 * (and `twilio`) are there once the file's tests run.
 */
export function useMailedApp(
  shops: TenantDocumentInput[],
  {
    texts = false,
    ...options
  }: Partial<Omit<AppOptions, 'database' | 'messages'>> & { texts?: boolean } = {},
) {
  let ctx: Awaited<ReturnType<typeof createTestApp>> | undefined;
  let mailbox: SmtpMailbox | undefined;
  let twilio: FakeTwilio | undefined;
  beforeAll(async () => {
    mailbox = await startSmtpMailbox();
    twilio = texts ? await startFakeTwilio() : undefined;
    ctx = await createTestApp({
      ...options,
      messages: { smtpUrl: mailbox.url, deliver: true, twilio: twilio?.options },
    });
    await ctx.app.ready();
    for (const shop of shops) await importTestTenant(ctx.db, shop);
  });
  afterAll(async () => {
    await ctx?.close();
    await mailbox?.close();
    await twilio?.close();
  });
  return {
    get ctx() {
      return ctx!;
    },
    get mailbox() {
      return mailbox!;
    },
    get twilio() {
      return twilio!;
    },
  };
}
