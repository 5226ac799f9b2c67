import { DataDirLockedError } from '../db/data-dir-lock.ts';
import { EnvError } from '../env.ts';
import { runTenantCli } from './tenant-cli.ts';

runTenantCli(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    const known = error instanceof EnvError || error instanceof DataDirLockedError;
    const text = known ? (error as Error).message : ((error as Error).stack ?? String(error));
    process.stderr.write(`${text}\n`);
    process.exit(1);
  },
);
