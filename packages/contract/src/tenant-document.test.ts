import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  ZTenantDocument,
  assetReferences,
  describeIssues,
  isReservedPath,
} from './tenant-document.ts';

const demo = JSON.parse(
  readFileSync(
    new URL('../../../apps/server/src/db/seed/demo/tenant.json', import.meta.url),
    'utf8',
  ),
);

const problemsOf = (doc: unknown) => {
  const result = ZTenantDocument.safeParse(doc);
  return result.success ? [] : describeIssues(result.error);
};

describe('the tenant document', () => {
  it('accepts the demo shop: two stores, at least three brands, banners and a palette', () => {
    const doc = ZTenantDocument.parse(demo);
    expect(doc.stores).toHaveLength(2);
    expect(doc.brands.length).toBeGreaterThanOrEqual(3);
    expect(doc.home.banners.length).toBeGreaterThan(0);
    expect(assetReferences(doc).map((r) => r.path)).toContain('config.headerLogo');
  });

  it('lists every problem by its JSON path', () => {
    const problems = problemsOf({
      ...demo,
      slug: 'Bad Slug',
      hosts: [{ host: 'https://shop.example.com', variant: 'kiosk' }],
      config: {
        ...demo.config,
        timeZone: 'Mars/Olympus',
        otpLength: 5,
        locationData: { addressLine1: '' },
      },
    });
    const paths = problems.map((p) => p.path);
    expect(paths).toEqual(
      expect.arrayContaining([
        'slug',
        'hosts.0.host',
        'hosts.0.variant',
        'config.timeZone',
        'config.otpLength',
        'config.locationData.addressLine1',
        'config.locationData.addressLine2',
        'config.locationData.directionLink',
      ]),
    );
    expect(problems.find((p) => p.path === 'config.timeZone')?.message).toBe(
      'Use an IANA time zone such as Europe/London',
    );
  });

  it('refuses unknown keys, so a misspelt field is not silently ignored', () => {
    expect(problemsOf({ ...demo, colourPalette: '#000000' })).toEqual([
      { path: '(document)', message: 'Unrecognized key: "colourPalette"' },
    ]);
  });

  it('refuses duplicate hosts, brands and stores, and a main store that does not exist', () => {
    const problems = problemsOf({
      ...demo,
      hosts: [demo.hosts[0], demo.hosts[0]],
      brands: [demo.brands[0], ...demo.brands],
      home: { ...demo.home, mainStore: 'mayfair' },
    });
    expect(problems).toEqual([
      { path: 'hosts.1.host', message: '"localhost" appears twice' },
      { path: 'brands.1.slug', message: '"tandoor-lane-curry-house" appears twice' },
      { path: 'home.mainStore', message: 'No store has the slug "mayfair"' },
    ]);
  });

  it('keeps brand slugs off the storefront’s own paths', () => {
    expect(isReservedPath('menu')).toBe(true);
    expect(isReservedPath('list_store12')).toBe(true);
    expect(isReservedPath('naan-stop')).toBe(false);
    const problems = problemsOf({
      ...demo,
      brands: [...demo.brands, { ...demo.brands[0], slug: 'checkout' }],
    });
    expect(problems).toEqual([
      { path: 'brands.4.slug', message: 'This slug is a storefront path; choose another' },
    ]);
  });

  it('gives a menu category only to a brand of the shop', () => {
    const problems = problemsOf({
      ...demo,
      brands: demo.brands.filter((b: { slug: string }) => b.slug !== 'bao-down'),
    });
    expect(problems).toEqual([
      { path: 'menus.0.categories.6.brand', message: 'No brand has the slug "bao-down"' },
    ]);
  });

  it('refuses a main colour that text could not be read on or in', () => {
    const problems = problemsOf({ ...demo, config: { ...demo.config, colorPalatte: '#f2a900' } });
    expect(problems).toEqual([
      {
        path: 'config.colorPalatte',
        message:
          'Choose a darker colour: text in it on white, and white text on it, need a contrast of at least 4.5:1',
      },
    ]);
  });

  it('refuses asset names that could leave the assets folder', () => {
    const problems = problemsOf({ ...demo, config: { ...demo.config, favicon: '../secret.svg' } });
    expect(problems.map((p) => p.path)).toEqual(['config.favicon']);
  });
});
