import { chmodSync, existsSync, unlinkSync } from 'node:fs';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { Database } from '../db/client.ts';
import type { Env } from '../env.ts';
import { runTenantCommand } from './tenant-commands.ts';

/**
 * The embedded database serves one process (db/data-dir-lock.ts), so `npm run tenant` cannot
 * open it while a server runs on it. The server listens on a Unix socket in its data directory
 * instead, and runs the command line's commands there on its own connection (decision 49).
 * Only the data directory's owner can reach the socket (mode 0600): whoever can, can already
 * read and write the database's files.
 *
 * One JSON message a line. The command line sends `{"args": [...]}`; the server answers
 * `{"out": text}` and `{"err": text}` as the command writes, `{"ask": question}` when it asks
 * (the command line answers `{"answer": text}`), and `{"code": n}` when it is done.
 */
export const controlSocketPath = (dataDir: string) => join(dataDir, 'servery.sock');

type Message =
  | { out: string }
  | { err: string }
  | { ask: string }
  | { answer: string }
  | { code: number }
  | { args: string[] };

const send = (socket: Socket, message: Message) => socket.write(`${JSON.stringify(message)}\n`);

/** Lines of JSON from `socket`, each handed to `onMessage`; a line that is not JSON is ignored. */
function onMessages(socket: Socket, onMessage: (message: Record<string, unknown>) => void) {
  const lines = createInterface({ input: socket });
  lines.on('line', (line) => {
    try {
      onMessage(JSON.parse(line) as Record<string, unknown>);
    } catch {
      // Not a message of this protocol.
    }
  });
  // The socket's own error (no server listening, a reset) is handled by the socket's listener.
  lines.on('error', () => {});
}

/**
 * Listens for commands on the data directory's socket; answers the function that stops
 * listening (and removes the socket), or undefined when the socket could not be opened (a path
 * too long for a Unix socket, a file system without them): the command line then says to stop
 * the server, as before.
 */
export async function serveTenantCommands(
  dataDir: string,
  db: Database,
  settings: Pick<Env, 'NODE_ENV' | 'STRIPE_SECRET_KEY' | 'STRIPE_DIRECT_SHOP'>,
  where: string,
  onProblem: (error: Error) => void,
): Promise<(() => Promise<void>) | undefined> {
  const path = controlSocketPath(dataDir);
  // A socket left by a server that was killed: this process holds the data directory now.
  if (existsSync(path)) unlinkSync(path);
  // Commands one at a time, as the command line runs them.
  let turn = Promise.resolve();
  const server: Server = createServer((socket) => {
    socket.on('error', () => socket.destroy());
    const answers: ((text: string) => void)[] = [];
    onMessages(socket, (message) => {
      if (typeof message.answer === 'string') answers.shift()?.(message.answer);
      if (!Array.isArray(message.args) || !message.args.every((a) => typeof a === 'string')) return;
      const args = message.args as string[];
      turn = turn.then(async () => {
        const io = {
          out: { write: (text: string) => send(socket, { out: text }) },
          err: { write: (text: string) => send(socket, { err: text }) },
          ask: (question: string) =>
            new Promise<string>((resolve) => {
              answers.push(resolve);
              send(socket, { ask: question });
              socket.once('close', () => resolve(''));
            }),
          where: `${where}, through the server running on it (pid ${process.pid})`,
        };
        io.err.write(`Database: ${io.where}\n`);
        const code = await runTenantCommand(db, args, settings, io).catch((error: unknown) => {
          io.err.write(`${(error as Error).stack ?? String(error)}\n`);
          return 1;
        });
        socket.end(`${JSON.stringify({ code })}\n`);
      });
    });
  });
  const listening = await new Promise<boolean>((resolve) => {
    server.once('error', (error) => {
      onProblem(error);
      resolve(false);
    });
    server.listen(path, () => resolve(true));
  });
  if (!listening) return undefined;
  chmodSync(path, 0o600);
  return () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      if (existsSync(path)) unlinkSync(path);
    });
}

interface RelayIo {
  out: { write(text: string): unknown };
  err: { write(text: string): unknown };
  ask: (question: string) => Promise<string>;
}

/**
 * Hands a command to the server running on the embedded database in `dataDir`; answers its
 * exit code, or undefined when no server answers on the socket.
 */
export function relayToServer(
  dataDir: string,
  args: string[],
  io: RelayIo,
): Promise<number | undefined> {
  return new Promise((resolve) => {
    const socket = connect(controlSocketPath(dataDir));
    let connected = false;
    let code: number | undefined;
    socket.on('error', () => {
      if (!connected) resolve(undefined);
    });
    socket.once('connect', () => {
      connected = true;
      send(socket, { args });
    });
    onMessages(socket, (message) => {
      if (typeof message.out === 'string') io.out.write(message.out);
      if (typeof message.err === 'string') io.err.write(message.err);
      if (typeof message.ask === 'string') {
        void io.ask(message.ask).then((answer) => send(socket, { answer }));
      }
      if (typeof message.code === 'number') code = message.code;
    });
    // A server that stopped mid-command leaves no code: the command failed.
    socket.once('close', () => resolve(connected ? (code ?? 1) : undefined));
  });
}
