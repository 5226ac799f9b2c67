import type { FastifyBaseLogger } from 'fastify';
import { LOG_TRANSPORT_MESSAGE } from '../mail/log.ts';
import type { Sms, SmsTransport } from './sms-transport.ts';

/** Development without an SMS provider: each text is written to the server log instead. */
export function createLogSmsTransport(log: FastifyBaseLogger): SmsTransport {
  return {
    name: 'log',
    async send(sms: Sms) {
      log.info({ channel: 'sms', to: sms.to, text: sms.text }, LOG_TRANSPORT_MESSAGE);
    },
  };
}
