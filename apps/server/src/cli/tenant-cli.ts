import { openDatabase } from '../db/client.ts';
import { readEnv } from '../env.ts';
import { cardSetupNote } from '../modules/orders/card-account.ts';
import { findTenantBySlug, listTenants } from '../modules/tenants/tenants.repository.ts';
import { exportTenantToDir, importTenantFile } from '../modules/tenants/tenant-files.ts';
import { exportTenant, TenantDocumentError } from '../modules/tenants/tenants.service.ts';
import { addStaffFromCli, StaffInputError } from '../modules/staff/staff-cli.ts';

const USAGE = `Usage: npm run tenant -- <command>

  import FILE            Validate a tenant document (assets/ beside it) and write it whole
  export SLUG [--out DIR]  Print the tenant's document, or write it and its assets into DIR
  list                   List the tenants and their hosts
  add-staff SLUG EMAIL --role owner|manager|staff [--name NAME] [--stores SLUG,SLUG]
                         Add a member of staff (or change one's role and stores)

Uses DATABASE_URL when set, otherwise the embedded database in DATA_DIR (default ./data).
`;

interface CliIo {
  env?: NodeJS.ProcessEnv;
  out?: { write(text: string): unknown };
  err?: { write(text: string): unknown };
}

/** The tenant command line; answers the exit code. */
export async function runTenantCli(
  args: string[],
  { env = process.env, out = process.stdout, err = process.stderr }: CliIo = {},
) {
  const [command, target, ...rest] = args;
  if (
    !command ||
    !['import', 'export', 'list', 'add-staff'].includes(command) ||
    (command !== 'list' && !target)
  ) {
    err.write(USAGE);
    return 2;
  }
  const settings = readEnv(env);
  const database = await openDatabase(
    settings.DATABASE_URL
      ? { kind: 'postgres', url: settings.DATABASE_URL, poolSize: 2 }
      : { kind: 'pglite', dataDir: settings.DATA_DIR },
  );
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
      out.write(`Imported tenant "${slug}" from ${target}\n`);
      const note = cardSetupNote((await findTenantBySlug(db, slug))!, {
        production: settings.NODE_ENV === 'production',
        stripe: Boolean(settings.STRIPE_SECRET_KEY),
        directShop: settings.STRIPE_DIRECT_SHOP,
      });
      if (note) out.write(`${note}\n`);
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
