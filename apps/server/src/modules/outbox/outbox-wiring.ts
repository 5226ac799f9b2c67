import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.ts';
import { createLogMailTransport } from '../../providers/mail/log.ts';
import { createSmtpTransport } from '../../providers/mail/smtp.ts';
import { createLogSmsTransport } from '../../providers/sms/log.ts';
import { createTwilioTransport, type TwilioOptions } from '../../providers/sms/twilio.ts';
import { createUnavailableSmsTransport } from '../../providers/sms/unavailable.ts';
import type { PushTransport } from '../../providers/push/push-transport.ts';
import { findTenantById } from '../tenants/tenants.repository.ts';
import { OutboxWorker, type OutboxTiming } from './outbox.worker.ts';
import { ShopMailTransports } from './shop-mail.ts';

export interface MessageSettings {
  smtpUrl?: string;
  mailFrom?: string;
  twilio?: TwilioOptions;
  /** When failed messages are tried again (tests that watch a retry shorten it). */
  timing?: OutboxTiming;
}

/**
 * The outbox with its transports: SMTP or the log for mail (a shop's own SMTP server where it
 * has one, decision 0020), Twilio, the log or nothing for texts (`textsAvailable` false:
 * production without Twilio sends none).
 */
export function createOutbox(
  app: FastifyInstance,
  db: Database,
  messages: MessageSettings,
  textsAvailable: boolean,
  now: () => Date,
  push?: PushTransport,
): OutboxWorker {
  return new OutboxWorker(
    db,
    {
      mail: new ShopMailTransports(
        messages.smtpUrl
          ? createSmtpTransport(messages.smtpUrl, messages.mailFrom ?? 'no-reply@servery.local')
          : createLogMailTransport(app.log),
        (smtp) => createSmtpTransport(smtp.url, smtp.from),
      ),
      sms: messages.twilio
        ? createTwilioTransport(messages.twilio)
        : textsAvailable
          ? createLogSmsTransport(app.log)
          : createUnavailableSmsTransport(),
      ...(push ? { push } : {}),
      shopMailOf: (tenantId) =>
        app.tenantCache.get(tenantId, 'mail-sender', async () => {
          const row = await findTenantById(db, tenantId);
          if (!row) return null;
          return { replyTo: row.config.supportEmail, smtp: row.config.messaging?.smtp ?? null };
        }),
    },
    app.log,
    now,
    messages.timing,
  );
}
