import { resolve } from 'node:path';
import { createInterface } from 'node:readline/promises';
import { openDatabase, type DatabaseHandle } from '../db/client.ts';
import { DataDirLockedError } from '../db/data-dir-lock.ts';
import { readEnv, type Env } from '../env.ts';
import { validateTenantFile } from '../modules/tenant-document/tenant-files.ts';
import { TenantDocumentError } from '../modules/tenant-document/tenant-import.ts';
import { relayToServer } from './control-socket.ts';
import { runTenantCommand } from './tenant-commands.ts';
import { USAGE } from './usage.ts';

const COMMANDS = ['validate', 'import', 'export', 'list', 'delete', 'add-staff'];

interface CliIo {
  env?: NodeJS.ProcessEnv;
  out?: { write(text: string): unknown };
  err?: { write(text: string): unknown };
  /** Asks a question and answers the line typed (default: the terminal). */
  ask?: (question: string) => Promise<string>;
}

/** The tenant command line; answers the exit code. */
export async function runTenantCli(
  args: string[],
  { env = process.env, out = process.stdout, err = process.stderr, ask = askTerminal }: CliIo = {},
) {
  const [command, target, ...rest] = args;
  if (!command || !COMMANDS.includes(command) || (command !== 'list' && !target)) {
    err.write(USAGE);
    return 2;
  }

  if (command === 'validate') {
    const { slug, problems } = await validateTenantFile(target!);
    if (problems.length) {
      err.write(`${new TenantDocumentError(problems).message}\nNothing was written.\n`);
      return 1;
    }
    out.write(
      `${target} is a valid tenant document for "${slug}" (nothing was written; ` +
        'hosts used by other shops are checked when you import it).\n',
    );
    return 0;
  }

  const settings = readEnv(env);
  const where = databaseLabel(settings);
  // Paths are the caller's: a command relayed to a running server (below) reads them there.
  const resolved = resolvePaths(command, target, rest);
  let database: DatabaseHandle;
  try {
    database = await openDatabase(
      settings.DATABASE_URL
        ? { kind: 'postgres', url: settings.DATABASE_URL, poolSize: 2 }
        : { kind: 'pglite', dataDir: settings.DATA_DIR },
    );
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    // The embedded database is one process's: the server running on it runs the command.
    const relayed = await relayToServer(error.dir, resolved, { out, err, ask });
    if (relayed !== undefined) return relayed;
    err.write(`Database: ${where}\n`);
    err.write(lockedMessage(error));
    return 1;
  }
  try {
    // Said first, on stderr (stdout stays the document or the list), so nobody imports into
    // one database while looking at another.
    err.write(`Database: ${where}\n`);
    await database.migrate();
    return await runTenantCommand(database.db, resolved, settings, { out, err, ask, where });
  } finally {
    await database.close();
  }
}

/** The file and folder arguments made absolute (import FILE, export --out DIR). */
function resolvePaths(command: string, target: string | undefined, rest: string[]): string[] {
  if (target === undefined) return [command];
  if (command === 'import') return [command, resolve(target), ...rest];
  const outIndex = rest.indexOf('--out');
  const dir = rest[outIndex + 1];
  if (outIndex < 0 || !dir) return [command, target, ...rest];
  return [
    command,
    target,
    ...rest.slice(0, outIndex + 1),
    resolve(dir),
    ...rest.slice(outIndex + 2),
  ];
}

/** Which database a command uses, without the password. */
export function databaseLabel(settings: Pick<Env, 'DATABASE_URL' | 'DATA_DIR'>): string {
  if (!settings.DATABASE_URL) return `the embedded database in ${resolve(settings.DATA_DIR)}`;
  const url = new URL(settings.DATABASE_URL);
  const user = url.username ? ` as ${decodeURIComponent(url.username)}` : '';
  const name = decodeURIComponent(url.pathname.replace(/^\//, '')) || '(default)';
  return `PostgreSQL database "${name}" on ${url.host || 'localhost'}${user}`;
}

function lockedMessage(error: DataDirLockedError): string {
  return (
    `Refused: the embedded database in ${error.dir} is in use by a running Servery server ` +
    `(pid ${error.pid}).\n` +
    'The embedded database serves one process at a time, and that server does not take ' +
    'commands (an older version, or its control socket could not be opened), so this command ' +
    'cannot read or write it, and it will not write to another database instead.\n' +
    'Stop the server (Ctrl-C in its terminal), run this command again, then start the server; ' +
    'the server picks the change up when it starts. Or run the server and this command on ' +
    'PostgreSQL with the same DATABASE_URL, where both can run at once.\n' +
    `If no server is running, delete ${error.dir}/servery.lock and try again.\n`
  );
}

/** Reads one line from the terminal (or a pipe); an input that ends first answers ''. */
function askTerminal(question: string): Promise<string> {
  return new Promise((resolve) => {
    const rl = createInterface({ input: process.stdin, output: process.stderr });
    rl.on('close', () => resolve(''));
    rl.question(question).then(
      (answer) => {
        resolve(answer);
        rl.close();
      },
      () => resolve(''),
    );
  });
}
