import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ZTenantDocument } from '@servery/contract/tenant-document';
import { demoTenantFile } from './seed-demo.ts';

// walk2 item 20: the demo shop (and every shop copied from it) offers "10% off your first order"
// to first orders only: the promo check (promo-rules.ts) refuses it to a customer who has ordered.
describe('the demo shop’s promos', () => {
  it('makes WELCOME10, "your first order", first-order-only', () => {
    const doc = ZTenantDocument.parse(JSON.parse(readFileSync(demoTenantFile(), 'utf8')));
    const welcome = doc.promos.find((p) => p.code === 'WELCOME10')!;
    expect(welcome.description).toMatch(/first order/);
    expect(welcome.firstOrderOnly).toBe(true);
  });
});
