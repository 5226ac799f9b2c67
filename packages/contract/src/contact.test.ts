import { describe, expect, it } from 'vitest';
import { ZContactRequest } from './contact.ts';

const base = { name: 'Amira', email: 'amira@example.com', message: 'Hello' };
const phoneProblem = (phone: unknown) => {
  const result = ZContactRequest.safeParse({ ...base, phone });
  return result.success ? null : result.error.issues.map((issue) => issue.message);
};

describe('the contact request', () => {
  it('takes phone numbers as people write them', () => {
    for (const phone of ['07700900123', '07700 900123', '+44 (0)20 7946-0123', '1234567', '']) {
      expect(phoneProblem(phone), phone).toBeNull();
    }
  });

  it('refuses phone numbers that are too short, too long or not numbers', () => {
    for (const phone of ['123456', '1'.repeat(21), 'call me', '020.7946.0123', null]) {
      expect(phoneProblem(phone), String(phone)).toEqual(['Enter a valid phone number']);
    }
  });

  it('gives the form trimmed values and a lower-cased e-mail', () => {
    expect(
      ZContactRequest.parse({
        name: ' Amira ',
        email: ' Amira@Example.com ',
        phone: ' 07700 900123 ',
        message: ' Hello \n',
      }),
    ).toEqual({
      name: 'Amira',
      email: 'amira@example.com',
      phone: '07700 900123',
      message: 'Hello',
    });
  });

  it('counts the limits after trimming: 100 for a name, 2000 for a message', () => {
    expect(ZContactRequest.safeParse({ ...base, name: ` ${'n'.repeat(100)} ` }).success).toBe(true);
    expect(ZContactRequest.safeParse({ ...base, message: 'm'.repeat(2000) }).success).toBe(true);
    expect(ZContactRequest.safeParse({ ...base, message: 'm'.repeat(2001) }).error?.issues).toEqual(
      [expect.objectContaining({ message: 'Message should be less than 2000 characters' })],
    );
  });
});
