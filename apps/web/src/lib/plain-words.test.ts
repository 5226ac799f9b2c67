import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { NOT_AN_AMOUNT, plainWords, type PlainWordsOptions } from './plain-words.ts';

const said = (schema: z.ZodType, value: unknown, options?: PlainWordsOptions) =>
  schema.safeParse(value, { error: plainWords(options) }).error?.issues.map((i) => i.message);

describe('plain words for a refused form field', () => {
  it('says numbers as a person types them', () => {
    const count = z.number().int().min(0).max(1000);
    expect(said(count, -2)).toEqual(['Enter 0 or more']);
    expect(said(count, Number.NaN)).toEqual(['Enter a number']);
    expect(said(count, 2.5)).toEqual(['Enter a whole number']);
    expect(said(count, 100000)).toEqual(['At most 1000']);
    expect(said(z.number().min(5), 1)).toEqual(['Enter 5 or more']);
  });

  it('says a money limit in the field’s own unit', () => {
    const fee = z.object({
      zones: z.array(z.object({ fee: z.number().int().min(0).max(10_000_00) })),
    });
    expect(said(fee, { zones: [{ fee: 99_999_00 }] }, { pounds: ['fee'] })).toEqual([
      'At most £10,000.00',
    ]);
    expect(said(fee, { zones: [{ fee: -1 }] }, { pounds: ['fee'] })).toEqual(['Enter 0 or more']);
    // What is not an amount of money (lib/pounds.ts makes it NaN) is asked for with an example.
    expect(said(fee, { zones: [{ fee: Number.NaN }] }, { pounds: ['fee'] })).toEqual([
      NOT_AN_AMOUNT,
    ]);
    expect(said(fee, { zones: [{ fee: Number.NaN }] })).toEqual(['Enter a number']);
  });

  it('says text, lists and choices plainly, and keeps a schema’s own words', () => {
    expect(said(z.string().min(1), '')).toEqual(['Fill this in']);
    expect(said(z.string().max(80), 'x'.repeat(81))).toEqual(['At most 80 characters']);
    expect(said(z.array(z.string()).min(1), [])).toEqual(['Choose at least 1']);
    expect(said(z.enum(['a', 'b']), 'c')).toEqual(['Choose one of the options']);
    expect(said(z.number().min(1, 'At least 1, or no cap'), 0)).toEqual(['At least 1, or no cap']);
  });
});
