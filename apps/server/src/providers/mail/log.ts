import type { FastifyBaseLogger } from 'fastify';
import type { Mail, MailTransport } from './mail-transport.ts';

export const LOG_TRANSPORT_MESSAGE =
  'message written to the log (no SMS or e-mail transport configured)';

/**
 * Development without a mail server: each e-mail is written to the server log instead, so a
 * newcomer reads the sign-in code there (README "Signing in"). Refused in production (env.ts).
 */
export function createLogMailTransport(log: FastifyBaseLogger): MailTransport {
  return {
    name: 'log',
    async send(mail: Mail) {
      log.info(
        {
          channel: 'email',
          to: mail.to,
          replyTo: mail.replyTo,
          subject: mail.subject,
          text: mail.text,
        },
        LOG_TRANSPORT_MESSAGE,
      );
    },
    close: () => {},
  };
}
