import { describe, expect, it } from 'vitest';
import { STORAGE_INVENTORY } from './storage-inventory.ts';
import { COOKIE_CONSENT, STORAGE_KEYS } from './storage-keys.ts';

// The cookie policy prints STORAGE_INVENTORY: whatever the site keeps in the browser must be in
// it, or a customer is told less than the site stores (two session keys had been left out).
describe('the cookie policy’s list of what the browser keeps', () => {
  it('names every storage key the site uses, and the consent cookie', () => {
    const listed = new Set(STORAGE_INVENTORY.map((entry) => entry.name));
    const missing = [...Object.values(STORAGE_KEYS), COOKIE_CONSENT.name].filter(
      (name) => !listed.has(name),
    );
    expect(missing).toEqual([]);
  });

  it('says for each where it is kept, why and for how long', () => {
    for (const entry of STORAGE_INVENTORY) {
      expect(entry.where, entry.name).toMatch(/^(Cookie|Local storage|Session storage)$/);
      expect(entry.purpose.length, entry.name).toBeGreaterThan(10);
      expect(entry.kept.length, entry.name).toBeGreaterThan(3);
    }
  });
});
