import { describe, expect, it } from 'vitest';
import { countryNames, inCountries, toE164 } from './phone-numbers.ts';

describe('phone numbers as one contact each', () => {
  it.each([
    '07700 900123',
    '07700900123',
    '447700900123',
    '+44 7700 900123',
    '0044 7700 900123',
    '7700900123',
  ])('%s is +447700900123', (typed) => expect(toE164(typed, 'GB')).toBe('+447700900123'));

  it('reads a number with its own country code as that country', () => {
    expect(toE164('8801712345678', 'GB')).toBe('+8801712345678');
    expect(toE164('+353 85 123 4567', 'GB')).toBe('+353851234567');
  });

  it('refuses what no country could dial', () => {
    expect(toE164('123', 'GB')).toBeNull();
    expect(toE164('+88017123456789', 'GB')).toBeNull();
  });

  it('tells the shop’s countries from the rest by calling code', () => {
    expect(inCountries('+447700900123', ['GB'])).toBe(true);
    expect(inCountries('+8801712345678', ['GB'])).toBe(false);
    expect(inCountries('+353851234567', ['GB', 'IE'])).toBe(true);
    expect(countryNames(['GB'])).toBe('the United Kingdom');
    expect(countryNames(['IE', 'GB'])).toBe('Ireland or the United Kingdom');
  });
});
