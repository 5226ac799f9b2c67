import { DeliveryError } from '../delivery-error.ts';
import type { SmsTransport } from './sms-transport.ts';

/**
 * Production without Twilio (decision 0020): sign-in refuses phone numbers before anything is
 * queued, and any other text (an order alert) fails at once instead of being written to the log.
 */
export function createUnavailableSmsTransport(): SmsTransport {
  return {
    name: 'none',
    async send() {
      throw new DeliveryError('text messages are not configured on this server (no Twilio)', true);
    },
  };
}
