import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client.ts';
import { adminQuery, databaseUrl, onPostgres } from './test-database.ts';

/** Migrates one database for the whole run; each test file then copies it (fast and isolated). */
export default async function setup(project: TestProject) {
  if (onPostgres) {
    const template = `servery_template_${process.pid}_${Date.now()}`;
    await adminQuery(`create database ${template}`);
    const handle = await openDatabase({ kind: 'postgres', url: databaseUrl(template) });
    await handle.migrate();
    await handle.close();
    project.provide('pgTemplate', template);
    project.provide('pgliteTemplate', null);
    return async () => {
      // Only this run's databases (named after its template): another run may be going on.
      const run = template.replace(/^servery_template_/, '');
      const leftovers = await adminQuery(
        `select datname from pg_database where datname like 'servery_test_${run}_%'`,
      );
      for (const row of leftovers.rows) {
        await adminQuery(`drop database if exists ${row.datname} with (force)`);
      }
      await adminQuery(`drop database if exists ${template} with (force)`);
    };
  }
  const handle = await openDatabase({ kind: 'pglite-memory' });
  await handle.migrate();
  const dir = join(process.cwd(), '.tmp');
  await mkdir(dir, { recursive: true });
  const file = join(dir, `pglite-template-${process.pid}.tar`);
  await writeFile(file, Buffer.from(await (await handle.dumpDataDir!()).arrayBuffer()));
  await handle.close();
  project.provide('pgTemplate', null);
  project.provide('pgliteTemplate', file);
  return () => rm(file, { force: true });
}
