import { describe, expect, it } from 'vitest';
import { formatMoney } from '@servery/contract/pricing';
import type { DeliveryAddress } from '../../addresses/addresses.repository.ts';
import { checkMinimum, termsOf } from './delivery-terms.ts';
import { broken } from './broken-rule.test-support.ts';
import { storeRow } from './fixtures.test-support.ts';

const money = (minor: number) => formatMoney(minor, { sign: '£' });
const home = (postcode: string) =>
  ({
    addressLine1: '1 Brick Lane',
    addressLine2: '',
    city: 'London',
    postcode,
    instructions: 'Ring twice',
  }) as DeliveryAddress;

describe('order step 2: the delivery terms', () => {
  it("delivers to a zone's district at its fee, keeping the address as it was ordered", () => {
    const terms = termsOf(storeRow(), 'delivery', home('E14 3AB'));
    expect(terms).toEqual({
      address: {
        address_line1: '1 Brick Lane',
        address_line2: '',
        city: 'London',
        postcode: 'E14 3AB',
        instructions: 'Ring twice',
      },
      deliveryFee: 349,
      minimum: 1800,
      minimumFor: 'delivery to E14',
    });
  });

  it('refuses a district no zone covers, naming the address', () => {
    expect(broken(() => termsOf(storeRow(), 'delivery', home('N1 9GU')))).toEqual({
      status: 422,
      message: 'Tandoor Lane Shoreditch does not deliver to N1.',
      fields: ['address_id'],
    });
  });

  it("collects at no fee and the store's own minimum", () => {
    expect(termsOf(storeRow(), 'collection', null)).toEqual({
      address: null,
      deliveryFee: 0,
      minimum: 1000,
      minimumFor: 'collection',
    });
  });

  it('says how much more food the minimum order needs', () => {
    const terms = termsOf(storeRow(), 'delivery', home('E1 6AN'));
    expect(broken(() => checkMinimum(terms, 1000, money))).toEqual({
      status: 422,
      message: 'The minimum order for delivery to E1 is £12.00. Add £2.00 more.',
      fields: ['lines'],
    });
    expect(() => checkMinimum(terms, 1200, money)).not.toThrow();
  });
});
