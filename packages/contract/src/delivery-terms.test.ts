import { describe, expect, it } from 'vitest';
import { deliveryTerms, minimumOrderProblem, minimumShortfall } from './delivery-terms.ts';
import { formatMoney } from './pricing.ts';

const money = (minor: number) => formatMoney(minor, { sign: '£' });
const store = {
  name: 'Tandoor Lane Shoreditch',
  minimum_order: 1000,
  delivery_zones: [
    { district: 'E1', fee: 199, minimum_order: 1200 },
    { district: 'E14', fee: 349, minimum_order: 1800 },
  ],
};

describe('delivery terms', () => {
  it('delivers to a zone at its fee and minimum', () => {
    const terms = deliveryTerms(store, 'delivery', 'E14');
    expect(terms).toEqual({
      zone: store.delivery_zones[1],
      fee: 349,
      minimum: 1800,
      minimumFor: 'delivery to E14',
      problem: null,
    });
    expect(minimumOrderProblem(terms, 1500, money)).toBe(
      'The minimum order for delivery to E14 is £18.00. Add £3.00 more.',
    );
    expect(minimumOrderProblem(terms, 1800, money)).toBeNull();
  });

  it('names the district no zone covers', () => {
    const terms = deliveryTerms(store, 'delivery', 'N1');
    expect(terms.zone).toBeNull();
    expect(terms.fee).toBe(0);
    expect(terms.problem).toBe('Tandoor Lane Shoreditch does not deliver to N1.');
  });

  it("collects at the store's own minimum, as does a delivery with no address yet", () => {
    for (const terms of [
      deliveryTerms(store, 'collection', 'E1'),
      deliveryTerms(store, 'delivery', null),
    ]) {
      expect(terms).toMatchObject({ zone: null, fee: 0, minimum: 1000, problem: null });
      expect(minimumShortfall(terms, 400)).toBe(600);
      expect(minimumOrderProblem(terms, 400, money)).toBe(
        'The minimum order for collection is £10.00. Add £6.00 more.',
      );
    }
  });
});
