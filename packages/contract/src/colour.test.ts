import { describe, expect, it } from 'vitest';
import { contrastRatio, readableTextOn } from './colour.ts';

describe('text colour on the shop’s palette', () => {
  it('computes WCAG contrast ratios', () => {
    expect(contrastRatio('#ffffff', '#000000')).toBeCloseTo(21, 5);
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
  });

  it('writes white on dark colours and near-black on light ones', () => {
    expect(readableTextOn('#b3261e')).toBe('#ffffff');
    expect(readableTextOn('#f2a900')).toBe('#1c1917');
  });
});
