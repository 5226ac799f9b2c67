import { afterEach, describe, expect, it } from 'vitest';
import { rememberReturnTo, safeReturnPath, takeReturnTo } from './return-to.ts';

afterEach(() => sessionStorage.clear());

describe('the path sign-in returns to (issue 30)', () => {
  it('takes a path of this site, with its query and hash', () => {
    expect(safeReturnPath('/checkout')).toBe('/checkout');
    expect(safeReturnPath('/menu/item/42?x=1#top')).toBe('/menu/item/42?x=1#top');
  });

  it('refuses other sites, schemes, backslashes, control characters and the sign-in screens', () => {
    for (const value of [
      'https://evil.example/',
      '//evil.example/path',
      '/\\evil.example',
      'javascript:alert(1)',
      'checkout',
      '/check\nout',
      '/login',
      '/verification?x=1',
      42,
      null,
    ]) {
      expect(safeReturnPath(value), String(value)).toBeNull();
    }
  });

  it('is taken once, and a stored value that is not safe falls back', () => {
    rememberReturnTo('/reservation');
    expect(takeReturnTo('/menu')).toBe('/reservation');
    expect(takeReturnTo('/menu')).toBe('/menu');
    sessionStorage.setItem(
      'servery:return-to',
      JSON.stringify({ path: '//evil.example', at: Date.now() }),
    );
    expect(takeReturnTo('/menu')).toBe('/menu');
  });
});
