/** One text message to a number as the customer typed it (national or international digits). */
export interface Sms {
  to: string;
  text: string;
}

/** Where text messages go: Twilio (twilio.ts), or the server log in development (log.ts). */
export interface SmsTransport {
  readonly name: string;
  send(sms: Sms): Promise<void>;
}
