import type { Database } from '../db/client.ts';
import type { Env } from '../env.ts';
import { cardSetupNote } from '../modules/orders/card-account.ts';
import { findTenantBySlug, listTenants } from '../modules/tenants/tenants.repository.ts';
import { exportTenantToDir, importTenantFile } from '../modules/tenant-document/tenant-files.ts';
import { exportTenant } from '../modules/tenant-document/tenant-export.ts';
import {
  deleteTenant,
  tenantDataSummary,
  TenantDocumentError,
} from '../modules/tenant-document/tenant-import.ts';
import { addStaffFromCli, StaffInputError } from '../modules/staff/staff-cli.ts';
import { USAGE } from './usage.ts';

export interface CommandIo {
  out: { write(text: string): unknown };
  err: { write(text: string): unknown };
  ask: (question: string) => Promise<string>;
  /** Which database, in words (databaseLabel). */
  where: string;
}

/**
 * A command that needs the database (all but validate), on an open one: by the command line on
 * its own connection, or by a server for a command relayed to it (cli/control-socket.ts).
 * Answers the exit code.
 */
export async function runTenantCommand(
  db: Database,
  args: string[],
  settings: Pick<Env, 'NODE_ENV' | 'STRIPE_SECRET_KEY' | 'STRIPE_DIRECT_SHOP'>,
  { out, err, ask, where }: CommandIo,
): Promise<number> {
  const [command, target, ...rest] = args;
  try {
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
  }
}
