import { resolve } from 'node:path';
import { createInterface } from 'node:readline/promises';
import { openDatabase, type DatabaseHandle } from '../db/client.ts';
import { DataDirLockedError } from '../db/data-dir-lock.ts';
import { readEnv, type Env } from '../env.ts';
import { cardSetupNote } from '../modules/orders/card-account.ts';
import { findTenantBySlug, listTenants } from '../modules/tenants/tenants.repository.ts';
import {
  exportTenantToDir,
  importTenantFile,
  validateTenantFile,
} from '../modules/tenant-document/tenant-files.ts';
import { exportTenant } from '../modules/tenant-document/tenant-export.ts';
import {
  deleteTenant,
  tenantDataSummary,
  TenantDocumentError,
} from '../modules/tenant-document/tenant-import.ts';
import { addStaffFromCli, StaffInputError } from '../modules/staff/staff-cli.ts';

const USAGE = `Usage: npm run tenant -- <command>

  validate FILE          Check a tenant document and its assets/; writes nothing, needs no database
  import FILE            Validate a tenant document (assets/ beside it) and write it whole
  export SLUG [--out DIR]  Print the tenant's document, or write it and its assets into DIR
  list                   List the tenants and their hosts
  delete SLUG [--yes]    Remove a shop and all its data (asks you to type the slug; --yes does not)
  add-staff SLUG EMAIL --role owner|manager|staff [--name NAME] [--stores SLUG,SLUG]
                         Add a member of staff (or change one's role and stores)

Uses DATABASE_URL when set, otherwise the embedded database in DATA_DIR (default ./data),
and says which on every command. The embedded database cannot be used while a server runs on it.
See docs/shop-document.md for every field of a tenant document.
`;

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
  // Said first, on stderr (stdout stays the document or the list), so nobody imports into
  // one database while looking at another.
  err.write(`Database: ${where}\n`);
  let database: DatabaseHandle;
  try {
    database = await openDatabase(
      settings.DATABASE_URL
        ? { kind: 'postgres', url: settings.DATABASE_URL, poolSize: 2 }
        : { kind: 'pglite', dataDir: settings.DATA_DIR },
    );
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    err.write(lockedMessage(error));
    return 1;
  }
  try {
    await database.migrate();
    const { db } = database;
    if (command === 'list') {
      for (const t of await listTenants(db))
        out.write(`${t.slug}\t${t.websiteName}\t${t.hosts.join(', ')}\n`);
      return 0;
    }
    if (command === 'add-staff') {
      const option = (name: string) => {
        const at = rest.indexOf(name);
        return at >= 0 ? rest[at + 1] : undefined;
      };
      const email = rest[0];
      const role = option('--role');
      if (!email || !role) {
        err.write(USAGE);
        return 2;
      }
      const stores = option('--stores');
      const name = option('--name');
      out.write(
        `${await addStaffFromCli(db, {
          slug: target!,
          email,
          role,
          ...(name ? { name } : {}),
          ...(stores ? { stores: stores.split(',') } : {}),
        })}\n`,
      );
      return 0;
    }
    if (command === 'import') {
      const { slug } = await importTenantFile(db, target!);
      out.write(`Imported tenant "${slug}" from ${target} into ${where}\n`);
      const note = cardSetupNote((await findTenantBySlug(db, slug))!, {
        production: settings.NODE_ENV === 'production',
        stripe: Boolean(settings.STRIPE_SECRET_KEY),
        directShop: settings.STRIPE_DIRECT_SHOP,
      });
      if (note) out.write(`${note}\n`);
      return 0;
    }
    if (command === 'delete') {
      const summary = await tenantDataSummary(db, target!);
      if (!summary) {
        err.write(`There is no tenant "${target}". See: npm run tenant -- list\n`);
        return 1;
      }
      if (!rest.includes('--yes')) {
        const held = Object.entries(summary)
          .map(([what, count]) => `${what}: ${count}`)
          .join(', ');
        const typed = await ask(
          `This deletes the shop "${target}" and all its data (${held}, and its images, ` +
            `sessions, messages and audit log) from ${where}. It cannot be undone.\n` +
            `Type the slug (${target}) to confirm: `,
        );
        if (typed.trim() !== target) {
          err.write('Not confirmed: nothing was deleted.\n');
          return 1;
        }
      }
      await deleteTenant(db, target!);
      out.write(`Deleted tenant "${target}" and all its data from ${where}\n`);
      return 0;
    }
    const outIndex = rest.indexOf('--out');
    const outDir = outIndex >= 0 ? rest[outIndex + 1] : undefined;
    const exported = outDir
      ? await exportTenantToDir(db, target!, outDir)
      : await exportTenant(db, target!);
    if (!exported) {
      err.write(`There is no tenant "${target}". See: npm run tenant -- list\n`);
      return 1;
    }
    if (outDir) out.write(`Wrote ${outDir}/tenant.json and ${exported.assets.length} assets\n`);
    else out.write(`${JSON.stringify(exported.document, null, 2)}\n`);
    return 0;
  } catch (error) {
    if (error instanceof TenantDocumentError) {
      err.write(`Nothing was imported. ${error.message}\n`);
      return 1;
    }
    if (error instanceof StaffInputError) {
      err.write(`${error.message}\n`);
      return 1;
    }
    throw error;
  } finally {
    await database.close();
  }
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
    'The embedded database serves one process at a time, so this command cannot read or ' +
    'write it while the server runs, and it will not write to another database instead.\n' +
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
