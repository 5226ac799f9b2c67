import { describe, expect, it } from 'vitest';
import { internationalNumber } from './twilio.ts';

describe('numbers as customers type them, in +E.164', () => {
  it.each([
    ['07700900123', '+447700900123'],
    ['7700900123', '+447700900123'],
    ['447700900123', '+447700900123'],
    ['00447700900123', '+447700900123'],
    ['353871234567', '+353871234567'],
  ])('%s → %s', (typed, international) => {
    expect(internationalNumber(typed, '44')).toBe(international);
  });
});
