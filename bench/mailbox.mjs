// A real SMTP server in the bench process, so a production Servery can e-mail the bench its
// sign-in code. smtp-server is the server workspace's devDependency, hoisted to the root.
import { once } from 'node:events';
import { SMTPServer } from 'smtp-server';

/** Decodes quoted-printable soft line breaks and =XX escapes, enough to read a code. */
function readable(raw) {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex) => String.fromCharCode(parseInt(hex, 16)));
}

/** Listens on 127.0.0.1 (port 0: any free one); keeps each message it is given. */
export async function startMailbox(port = 0) {
  const received = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk) => (raw += chunk.toString('utf8')));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), text: readable(raw) });
        callback();
      });
    },
  });
  server.listen(port, '127.0.0.1');
  await Promise.race([
    once(server.server, 'listening'),
    once(server, 'error').then(([error]) => Promise.reject(error)),
  ]);
  return {
    url: `smtp://127.0.0.1:${server.server.address().port}`,
    /** The sign-in code last mailed to `email`, waiting for it up to `ms`. */
    async codeFor(email, ms = 20_000) {
      const deadline = Date.now() + ms;
      for (;;) {
        const mail = received.findLast((m) => m.to.includes(email));
        const code = mail && /sign-in code is (\d{4,6})\b/.exec(mail.text)?.[1];
        if (code) return code;
        if (Date.now() > deadline) throw new Error(`no sign-in code was mailed to ${email}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}
