import { describe, expect, it } from 'vitest';
import { escapeHtml } from './escape-html.ts';
import { hashToken } from './hash-token.ts';

describe('escapeHtml', () => {
  it('makes the five HTML-special characters into character references', () => {
    expect(escapeHtml(`Tom & Jerry's <b>"Diner"</b>`)).toBe(
      'Tom &#38; Jerry&#39;s &#60;b&#62;&#34;Diner&#34;&#60;/b&#62;',
    );
  });

  it('leaves other text as it is', () => {
    expect(escapeHtml('Café Noir — 10% off')).toBe('Café Noir — 10% off');
  });
});

describe('hashToken', () => {
  it('is the hex SHA-256 of the token', () => {
    expect(hashToken('abc')).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
  });

  it('differs for another token and never contains the token', () => {
    const token = 'q9Xk2-secret-link-token';
    expect(hashToken(token)).not.toBe(hashToken(`${token}x`));
    expect(hashToken(token)).not.toContain(token);
    expect(hashToken(token)).toMatch(/^[0-9a-f]{64}$/);
  });
});
