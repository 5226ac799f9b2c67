import { describe, expect, it } from 'vitest';
import { penceOf, poundsOf } from './pounds.ts';

describe('money typed in pounds', () => {
  it('reads pounds and pence as people write them', () => {
    expect(penceOf('8.95')).toBe(895);
    expect(penceOf('8.9')).toBe(890);
    expect(penceOf('8')).toBe(800);
    expect(penceOf('£8.95')).toBe(895);
    expect(penceOf(' £ 8.95 ')).toBe(895);
    expect(penceOf('€12.50')).toBe(1250);
    expect(penceOf('1,250.00')).toBe(125_000);
    expect(penceOf('1,250')).toBe(125_000);
    expect(penceOf('.50')).toBe(50);
    expect(penceOf('0.50')).toBe(50);
    expect(penceOf('0')).toBe(0);
    // A choice that costs less than the dish without it.
    expect(penceOf('-2.00')).toBe(-200);
    expect(penceOf('-£0.50')).toBe(-50);
    expect(penceOf('£-0.50')).toBe(-50);
    expect(Object.is(penceOf('-0'), 0)).toBe(true);
    // Exact in whole pence, where multiplying the float by 100 is not (0.29 * 100 is 28.999…).
    expect(penceOf('0.29')).toBe(29);
    expect(penceOf('1.15')).toBe(115);
  });

  it('gives NaN for what is not an amount, and the blank asked for when nothing is typed', () => {
    for (const typed of ['abc', '8.999', '8.95p', '12,50', '1,25.00', '£', '-', '.', '8..9', '1e3'])
      expect(penceOf(typed), typed).toBeNaN();
    expect(penceOf('')).toBeNaN();
    expect(penceOf('  ', 0)).toBe(0);
    expect(penceOf('', Number.NaN)).toBeNaN();
  });

  it('shows pence as pounds with two decimals', () => {
    expect(poundsOf(895)).toBe('8.95');
    expect(poundsOf(0)).toBe('0.00');
    expect(poundsOf(125_000)).toBe('1250.00');
    expect(poundsOf(-50)).toBe('-0.50');
  });
});
