import { ZTenantDocument } from '@servery/contract/tenant-document';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { makeTenantDocument } from '../../test/factories.ts';
import { ASSETS, useCliDatabase } from '../../test/tenant-cli.ts';
import { onPostgres } from '../../test/test-database.ts';
import { demoTenantFile } from '../db/seed/seed-demo.ts';

const c = useCliDatabase();
const { cli, cliWith, runCapturing, writeDocument, importedDocument } = c;

describe('npm run tenant: shop documents', () => {
  it('imports a document, lists it and exports it unchanged', async () => {
    const base = makeTenantDocument();
    // What the staff app's editors set (issue 28) goes through the document too.
    const doc = {
      ...base,
      stores: [
        {
          ...base.stores[0]!,
          orderTypes: ['collection' as const, 'delivery' as const],
          deliveryZones: [
            { district: 'E1', fee: 250, minimumOrder: 1500 },
            { district: 'E1 6', fee: 99, minimumOrder: 1000, travelMinutes: 12 },
          ],
          slotCap: 8,
          slotCapUnit: 'dishes' as const,
          autoAcceptMinutes: 20,
          autoPrint: true,
        },
      ],
      promos: [
        {
          code: 'MAINFIRST',
          description: 'First order at the main store',
          kind: 'percent' as const,
          value: 10,
          stores: [base.stores[0]!.slug],
          firstOrderOnly: true,
        },
      ],
    };
    const file = writeDocument('good', doc, ASSETS);
    const where = onPostgres
      ? `PostgreSQL database "${new URL(c.target.env.DATABASE_URL!).pathname.slice(1)}" on `
      : `the embedded database in ${join(c.dir, 'data')}`;
    const imported = await runCapturing('import', file);
    expect(imported.code).toBe(0);
    expect(imported.err).toContain(`Database: ${where}`);
    expect(imported.out).toContain(`Imported tenant "${doc.slug}" from ${file} into ${where}`);
    const listed = await cli('list');
    expect(listed.out).toContain(
      `${doc.slug}\t${doc.websiteName}\t${doc.hosts[0]!.host}, ${doc.hosts[1]!.host}`,
    );
    const exported = await cli('export', doc.slug);
    expect(JSON.parse(exported.out)).toEqual(ZTenantDocument.parse(doc));
  });

  it('refuses an invalid document whole, listing every problem by JSON path, and changes nothing', async () => {
    const { doc } = await importedDocument();
    const before = (await cli('export', doc.slug)).out;
    const broken = {
      ...doc,
      websiteName: 'Renamed',
      config: { ...doc.config, colorPalatte: 'red', extra: true },
      stores: [doc.stores[0], doc.stores[0]],
      home: { ...doc.home, mainStore: 'nowhere' },
    };
    const result = await cli('import', writeDocument('bad', broken, ASSETS));
    expect(result.code).toBe(1);
    expect(result.out).toBe('');
    expect(result.err).toContain('Nothing was imported.');
    expect(result.err).toContain('config.colorPalatte: Use a six-digit hex colour such as #b3261e');
    expect(result.err).toMatch(/config: Unrecognized key: "extra"/);
    expect(result.err).toContain('stores.1.slug: "main" appears twice');
    expect(result.err).toContain('home.mainStore: No store has the slug "nowhere"');
    expect((await cli('export', doc.slug)).out).toBe(before);
  });

  it('refuses a file that is not JSON, or is missing', async () => {
    const file = join(c.dir, 'not-json.json');
    writeFileSync(file, '{ "slug": ');
    const bad = await cli('import', file);
    expect(bad.code).toBe(1);
    expect(bad.err).toContain(`(file): Cannot read ${file}: it is not valid JSON`);
    const missing = await cli('import', join(c.dir, 'absent.json'));
    expect(missing.err).toContain('the file does not exist');
  });

  it('exports into a folder that imports again to the same tenant', async () => {
    const { doc, name } = await importedDocument();
    const out = join(c.dir, 'exported');
    expect((await cli('export', doc.slug, '--out', out)).out).toBe(
      `Wrote ${out}/tenant.json and 5 assets\n`,
    );
    expect(JSON.parse(readFileSync(join(out, 'tenant.json'), 'utf8'))).toEqual(
      ZTenantDocument.parse(doc),
    );
    expect(readFileSync(join(out, 'assets', 'banner.svg'), 'utf8')).toContain(`${name}/banner.svg`);
    expect((await cli('import', join(out, 'tenant.json'))).code).toBe(0);
  });

  it('imports the demo shop shipped in the repository', async () => {
    const result = await cli('import', demoTenantFile());
    expect(result).toMatchObject({ code: 0, err: '' });
    expect((await cli('list')).out).toContain('demo\tTandoor Lane\tlocalhost, 127.0.0.1');
  });

  it('validates a document without a database: every problem by path, nothing written', async () => {
    const fresh = makeTenantDocument();
    const broken = {
      ...fresh,
      websiteName: '',
      config: { ...fresh.config, supportEmail: 'not-an-email' },
      stores: [{ ...fresh.stores[0], postcode: 'e1 1aa', orderTypes: ['delivery'] }],
    };
    // No asset files: the missing ones are reported with the schema problems.
    const file = writeDocument('validate-bad', broken, ['favicon.svg']);
    const noDatabase = {
      DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none',
      DATA_DIR: '/dev/null/x',
    };
    const bad = await cliWith({ env: noDatabase }, 'validate', file);
    expect(bad.code).toBe(1);
    expect(bad.out).toBe('');
    expect(bad.err).toContain('The tenant document has 8 problems:');
    expect(bad.err).toContain('websiteName: Too small: expected string to have >=1 characters');
    expect(bad.err).toContain('config.supportEmail: Invalid email address');
    expect(bad.err).toContain('stores.0.postcode: Use a UK postcode in capitals, such as E1 6QL');
    expect(bad.err).toContain(
      'stores.0.deliveryZones: A store that delivers needs at least one delivery zone',
    );
    expect(bad.err).toContain('config.headerLogo: the file assets/header-logo.svg is missing');
    expect(bad.err).toContain('config.footerLogo: the file assets/footer-logo.svg is missing');
    expect(bad.err).toContain('brands.0.logo: the file assets/brand.svg is missing');
    expect(bad.err).toContain('home.banners.0.banner: the file assets/banner.svg is missing');
    expect(bad.err).toContain('Nothing was written.');

    const good = await cliWith(
      { env: noDatabase },
      'validate',
      writeDocument('validate-good', fresh, ASSETS),
    );
    expect(good).toMatchObject({ code: 0, err: '' });
    expect(good.out).toContain(`is a valid tenant document for "${fresh.slug}"`);
    expect((await cli('export', fresh.slug)).code).toBe(1);
  });

  it('validates and imports the small example of docs/shop-document.md', async () => {
    const file = fileURLToPath(
      new URL('../../../../docs/examples/small-shop/tenant.json', import.meta.url),
    );
    expect(await cli('validate', file)).toMatchObject({ code: 0, err: '' });
    expect((await cli('import', file)).code).toBe(0);
    const example = JSON.parse(readFileSync(file, 'utf8'));
    expect(JSON.parse((await cli('export', example.slug)).out)).toEqual(
      ZTenantDocument.parse(example),
    );
  });

  it('lists a host owned by another shop together with the schema problems', async () => {
    const { doc } = await importedDocument();
    const other = makeTenantDocument();
    const clash = {
      ...other,
      websiteName: '',
      hosts: [other.hosts[0], { host: doc.hosts[1]!.host, variant: 'reservation' }],
    };
    const result = await cli('import', writeDocument('clash', clash, ASSETS.slice(1)));
    expect(result.code).toBe(1);
    expect(result.err).toContain('The tenant document has 3 problems:');
    expect(result.err).toContain('websiteName: Too small');
    expect(result.err).toContain('config.favicon: the file assets/favicon.svg is missing');
    expect(result.err).toContain(
      `hosts.1.host: "${doc.hosts[1]!.host}" belongs to tenant "${doc.slug}"`,
    );
    expect((await cli('export', other.slug)).code).toBe(1);
  });
});
