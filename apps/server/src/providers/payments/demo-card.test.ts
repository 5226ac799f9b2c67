import { describe, expect, it } from 'vitest';
import { DEMO_CARDS, luhnValid } from '@servery/contract/order';
import { demoCardOutcome, demoCardProblem } from './demo-card.ts';

const at = new Date('2026-11-17T19:00:00Z');

describe('the demo card provider', () => {
  it("checks the number's Luhn digit and the expiry before anything else", () => {
    expect(luhnValid('4242424242424242')).toBe(true);
    expect(luhnValid('4242424242424241')).toBe(false);
    expect(demoCardProblem({ card_number: '4242424242424241', expiry: '12/30' }, at)).toEqual({
      field: 'card_number',
      message: 'Your card number is incorrect.',
    });
    expect(demoCardProblem({ card_number: '4242424242424242', expiry: '10/26' }, at)).toEqual({
      field: 'expiry',
      message: 'Your card has expired.',
    });
    expect(demoCardProblem({ card_number: '4242424242424242', expiry: '11/26' }, at)).toBeNull();
  });

  it('holds a good card until the shop accepts, or charges it at once when asked', () => {
    const card = { card_number: '4242424242424242' };
    expect(demoCardOutcome(card, false)).toEqual({ status: 'authorised', declined: null });
    expect(demoCardOutcome(card, true)).toEqual({ status: 'succeeded', declined: null });
  });

  it('declines the declined card, and asks the 3-D Secure card to authenticate', () => {
    expect(demoCardOutcome({ card_number: DEMO_CARDS.declined }, false)).toEqual({
      status: 'failed',
      declined: 'Your card was declined. Please try another card.',
    });
    const secure = { card_number: DEMO_CARDS.requiresAction };
    expect(demoCardOutcome(secure, false).status).toBe('requires_action');
    expect(demoCardOutcome({ ...secure, authenticate: 'approve' }, false).status).toBe(
      'authorised',
    );
    expect(demoCardOutcome({ ...secure, authenticate: 'fail' }, false)).toEqual({
      status: 'failed',
      declined: 'We could not authenticate your payment. Please try again or use another card.',
    });
  });
});
