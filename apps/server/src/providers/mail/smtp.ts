import nodemailer from 'nodemailer';
import { DeliveryError } from '../delivery-error.ts';
import type { Mail, MailTransport } from './mail-transport.ts';

/** A connection and a reply must come within these, or the attempt fails and is retried. */
const TIMEOUT_MS = 15_000;

/**
 * E-mail through any SMTP server (SMTP_URL), with connection pooling so a burst of codes
 * does not open a connection each. 5xx answers are permanent; the rest are retried.
 */
export function createSmtpTransport(url: string, fromAddress: string): MailTransport {
  const parsed = new URL(url);
  // The reason goes to the log and the outbox row: never with the password in it (decision 20).
  const password = decodeURIComponent(parsed.password);
  const withoutPassword = (text: string) =>
    password ? text.split(password).join('********').split(parsed.password).join('********') : text;
  const secure = parsed.protocol === 'smtps:';
  const transport = nodemailer.createTransport({
    host: parsed.hostname,
    port: Number(parsed.port) || (secure ? 465 : 587),
    secure,
    auth: parsed.username
      ? { user: decodeURIComponent(parsed.username), pass: decodeURIComponent(parsed.password) }
      : undefined,
    pool: true,
    connectionTimeout: TIMEOUT_MS,
    greetingTimeout: TIMEOUT_MS,
    socketTimeout: TIMEOUT_MS,
  });
  return {
    name: 'smtp',
    async send(mail: Mail) {
      try {
        await transport.sendMail({
          from: { name: mail.fromName, address: fromAddress },
          to: mail.to,
          ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          attachments: mail.attachments?.map((file) => ({
            filename: file.filename,
            contentType: file.contentType,
            content: Buffer.from(file.content, 'base64'),
          })),
        });
      } catch (error) {
        const code = (error as { responseCode?: number }).responseCode;
        throw new DeliveryError(
          `SMTP: ${withoutPassword((error as Error).message)}`,
          typeof code === 'number' && code >= 500,
        );
      }
    },
    close: () => transport.close(),
  };
}
