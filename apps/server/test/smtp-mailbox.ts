import { once } from 'node:events';
import { createServer, type AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { until } from './until.ts';

export interface MailboxOptions {
  /** The port to listen on; a free one when not given (see closedPort for a server that is down). */
  port?: number;
  /** The login the server asks for, refusing any other; without one anyone may send. */
  login?: { user: string; pass: string };
}

/** A message as the server received it: the envelope's sender and recipients, and its text. */
export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

/**
 * A real SMTP server on a local port that keeps every message it receives, so a test can
 * follow a message through the real path (outbox → nodemailer → SMTP) and read it back.
 */
export async function startSmtpMailbox(options: MailboxOptions = {}) {
  const { login } = options;
  const received: ReceivedMail[] = [];
  const smtp = new SMTPServer({
    authOptional: !login,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth(auth, _session, callback) {
      if (login && auth.username === login.user && auth.password === login.pass) {
        return callback(null, { user: auth.username });
      }
      return callback(new Error('Invalid username or password'));
    },
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
        });
        callback();
      });
    },
  });
  smtp.listen(options.port ?? 0, '127.0.0.1');
  await once(smtp.server, 'listening');
  const port = (smtp.server.address() as AddressInfo).port;
  return {
    received,
    port,
    url: `smtp://127.0.0.1:${port}`,
    /** The raw message to `address` alone whose text includes `subject`; waits up to 60 s for it. */
    mailTo: (address: string, subject: string) =>
      until(
        () => received.find((m) => m.to.join(',') === address && m.raw.includes(subject))?.raw,
        `mail to ${address} about ${subject}`,
        60_000,
      ),
    close: () => new Promise<void>((resolve) => smtp.close(() => resolve())),
  };
}

/** Quoted-printable soft line breaks and `=3D` undone, so a link can be read whole. */
export const unfold = (raw: string) => raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');

export type SmtpMailbox = Awaited<ReturnType<typeof startSmtpMailbox>>;

/** A free local port left closed: a mail server that is down, until a mailbox starts on it. */
export async function closedPort(): Promise<number> {
  const probe = createServer().listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const port = (probe.address() as AddressInfo).port;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}
