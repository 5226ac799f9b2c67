import { DeliveryError } from '../delivery-error.ts';
import type { Sms, SmsTransport } from './sms-transport.ts';

export interface TwilioOptions {
  accountSid: string;
  authToken: string;
  /** A +E.164 sending number, or a Messaging Service SID (MG…). */
  from: string;
  /** https://api.twilio.com, or a local server that answers like it (tests). */
  apiUrl: string;
  /** The calling code for numbers typed in national form (07700 900123 → +44 7700 900123). */
  defaultCountryCode: string;
}

const TIMEOUT_MS = 15_000;

/**
 * Text messages through Twilio's Messages API (POST /2010-04-01/Accounts/{sid}/Messages.json,
 * form-encoded, HTTP basic auth). Twilio answers 201 with the queued message; a 400 means the
 * message can never go (bad number, unsubscribed recipient), anything else is worth a retry.
 */
export function createTwilioTransport(options: TwilioOptions): SmsTransport {
  const endpoint = new URL(
    `/2010-04-01/Accounts/${encodeURIComponent(options.accountSid)}/Messages.json`,
    options.apiUrl,
  );
  const authorization = `Basic ${Buffer.from(`${options.accountSid}:${options.authToken}`).toString('base64')}`;
  return {
    name: 'twilio',
    async send(sms: Sms) {
      const form = new URLSearchParams({
        To: internationalNumber(sms.to, options.defaultCountryCode),
        Body: sms.text,
      });
      form.set(options.from.startsWith('MG') ? 'MessagingServiceSid' : 'From', options.from);
      let response: Response;
      try {
        response = await fetch(endpoint, {
          method: 'POST',
          headers: {
            authorization,
            'content-type': 'application/x-www-form-urlencoded',
            accept: 'application/json',
          },
          body: form,
          signal: AbortSignal.timeout(TIMEOUT_MS),
        });
      } catch (error) {
        throw new DeliveryError(`Twilio unreachable: ${(error as Error).message}`, false);
      }
      if (response.status === 201 || response.status === 200) return;
      const body = (await response.json().catch(() => ({}))) as { code?: number; message?: string };
      throw new DeliveryError(
        `Twilio answered ${response.status}${body.code ? ` (error ${body.code})` : ''}: ${body.message ?? response.statusText}`,
        response.status === 400,
      );
    },
  };
}

/** A number as customers type it, in the +E.164 form providers want. */
export function internationalNumber(digits: string, defaultCountryCode: string): string {
  // Sign-in contacts are E.164 already (lib/phone-numbers.ts).
  if (digits.startsWith('+')) return digits;
  if (digits.startsWith('00')) return `+${digits.slice(2)}`;
  if (digits.startsWith('0')) return `+${defaultCountryCode}${digits.slice(1)}`;
  if (digits.length === 10) return `+${defaultCountryCode}${digits}`;
  return `+${digits}`;
}
