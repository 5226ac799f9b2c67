import { describe, expect, it } from 'vitest';
import { formatPhone, telHref } from './phone-format.ts';

describe('a phone number as it is shown', () => {
  it('shows a UK mobile in one shape however it was stored', () => {
    for (const stored of [
      '+447700900123',
      '07700 900123',
      '07700900123',
      '+44 (0)7700 900123',
      '0044 7700 900123',
    ]) {
      expect(formatPhone(stored), stored).toBe('07700 900123');
    }
  });

  it('groups UK landlines and non-geographic numbers as Ofcom writes them', () => {
    expect(formatPhone('+442079460000')).toBe('020 7946 0000');
    expect(formatPhone('02079460000')).toBe('020 7946 0000');
    expect(formatPhone('01214960000')).toBe('0121 496 0000');
    expect(formatPhone('01134960000')).toBe('0113 496 0000');
    expect(formatPhone('01632960000')).toBe('01632 960000');
    expect(formatPhone('03001234567')).toBe('0300 123 4567');
    expect(formatPhone('08081570000')).toBe('0808 157 0000');
  });

  it('shows any other number as stored', () => {
    expect(formatPhone('+33612345678')).toBe('+33612345678');
    expect(formatPhone('999')).toBe('999');
    expect(formatPhone(' 12ab ')).toBe('12ab');
  });

  it('links with the digits only', () => {
    expect(telHref('020 7946 0000')).toBe('tel:02079460000');
    expect(telHref('+44 7700 900123')).toBe('tel:+447700900123');
  });
});
