// The sign-in codes of servers whose mail goes to the log transport (bench/friday.mjs): each
// server's stdout is written to a file of its own, and a code is read from the JSON line the
// log transport writes for the e-mail (providers/mail/log.ts).
import { closeSync, openSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const LOG_TRANSPORT_MESSAGE = 'message written to the log';

/** A log file per server in `dir`; `fileFor(name)` gives the fd to hand to startServery. */
export function logMailbox(dir) {
  const files = [];
  const fds = [];
  return {
    /** Opens `<dir>/<name>.log` for a server's stdout; returns its fd (spawn's stdio). */
    fileFor(name) {
      const file = join(dir, `${name}.log`);
      const fd = openSync(file, 'a');
      files.push(file);
      fds.push(fd);
      return fd;
    },
    /** The sign-in code last written to the logs for `email`, waiting up to `ms` for it. */
    async codeFor(email, ms = 20_000) {
      const deadline = Date.now() + ms;
      for (;;) {
        const code = lastCode(files, email);
        if (code) return code;
        if (Date.now() > deadline) throw new Error(`no sign-in code was logged for ${email}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    close() {
      for (const fd of fds.splice(0)) closeSync(fd);
    },
  };
}

function lastCode(files, email) {
  let code = null;
  for (const file of files) {
    for (const line of readFileSync(file, 'utf8').split('\n')) {
      if (!line.includes(email) || !line.includes(LOG_TRANSPORT_MESSAGE)) continue;
      try {
        const entry = JSON.parse(line);
        if (entry.to !== email) continue;
        code = /sign-in code is (\d{4,6})\b/.exec(entry.text ?? '')?.[1] ?? code;
      } catch {
        // a line cut short while it was written
      }
    }
  }
  return code;
}
