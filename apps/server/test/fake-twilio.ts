import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TwilioOptions } from '../src/providers/sms/twilio.ts';

export interface TwilioRequest {
  url: string;
  authorization: string;
  form: URLSearchParams;
}

type Answer = (form: URLSearchParams) => { status: number; body: object };

/** Twilio's answer to a message it takes: 201 with the queued message. */
export const queued: Answer = (form) => ({
  status: 201,
  body: {
    sid: 'SM' + '1'.repeat(32),
    status: 'queued',
    to: form.get('To'),
    body: form.get('Body'),
  },
});

/**
 * A local server that answers like Twilio's Messages API (only its wire is replaced: the app's
 * own Twilio transport talks to it), keeping every request for the test to read.
 */
export async function startFakeTwilio(answer: Answer = queued) {
  const requests: TwilioRequest[] = [];
  const server: Server = createServer(async (req: IncomingMessage, res) => {
    let body = '';
    for await (const chunk of req) body += chunk;
    const form = new URLSearchParams(body);
    requests.push({ url: req.url!, authorization: req.headers.authorization ?? '', form });
    const reply = answer(form);
    res.writeHead(reply.status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(reply.body));
  }).listen(0, '127.0.0.1');
  await once(server, 'listening');
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const sid = `AC${'0123456789abcdef'.repeat(2)}`;
  const options: TwilioOptions = {
    accountSid: sid,
    authToken: 'secret-token',
    from: '+447700900000',
    apiUrl: url,
    defaultCountryCode: '44',
  };
  return {
    url,
    sid,
    options,
    requests,
    /** The texts sent to `to` (in +E.164 form), their bodies. */
    textsTo: (to: string) =>
      requests.filter((r) => r.form.get('To') === to).map((r) => r.form.get('Body') ?? ''),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type FakeTwilio = Awaited<ReturnType<typeof startFakeTwilio>>;
