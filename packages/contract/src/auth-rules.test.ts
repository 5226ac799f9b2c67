import { describe, expect, it } from 'vitest';
import { loginContactOf, sanitizeLoginInput, storedContactOf } from './auth-rules.ts';

describe('the login input while typing (product.md §5)', () => {
  it.each([
    ['07700 900-123', '07700900123'],
    ['+44 (7700) 900123', '447700900123'],
    ['0123456789012345', '012345678901'],
    ['ada@example.com', 'ada@example.com'],
    ['  ada@', 'ada@'],
    ['1ada', '1ada'],
  ])('%j reads %j', (typed, kept) => {
    expect(sanitizeLoginInput(typed)).toBe(kept);
  });
});

describe('the login input on submit (product.md §5)', () => {
  it.each([
    ['07700900123', { phone: '07700900123' }],
    ['0770090012', { phone: '0770090012' }],
    ['447700900123', { phone: '447700900123' }],
    ['Ada@Example.com', { email: 'ada@example.com' }],
    ['077009001', null],
    ['ada@example', null],
    ['', null],
  ])('%j is %j', (typed, contact) => {
    expect(loginContactOf(typed)).toEqual(contact);
  });
});

describe('the stored contact on the verification screen (product.md §5)', () => {
  it('takes e-mails, 10 to 12 digits, or a non-zero digit then 9 to 14', () => {
    expect(storedContactOf('353871234567890')).toEqual({ phone: '353871234567890' });
    expect(storedContactOf('0353871234567890')).toBeNull();
    expect(storedContactOf('ada@example.com')).toEqual({ email: 'ada@example.com' });
    expect(storedContactOf(null)).toBeNull();
  });
});
