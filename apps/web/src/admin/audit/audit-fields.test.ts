import { describe, expect, it } from 'vitest';
import { formatMoney } from '@servery/contract/pricing';
import { fieldLabel, showValue, type ValueContext } from './audit-fields.ts';

const context = (change: Partial<ValueContext> = {}): ValueContext => ({
  entity: 'order',
  timeZone: 'Europe/London',
  money: (pence) => formatMoney(pence, { sign: '£' }),
  stores: [{ id: '62e954a2-0c1d-4e5f-8a9b-1c2d3e4f5a6b', name: 'Camden' }],
  record: {},
  ...change,
});
const text = (key: string, value: unknown, change?: Partial<ValueContext>) =>
  showValue(key, value, context(change)).text;

// Each key is read as what the server recorded in it, in the words the back office uses.
describe('an audit entry’s fields', () => {
  it('names known keys as staff know them and other keys in words', () => {
    expect(fieldLabel('order', 'promised_at')).toBe('Promised for');
    expect(fieldLabel('order', 'refunded')).toBe('Refunded in all');
    expect(fieldLabel('store', 'IsShopClosed')).toBe('Shop closed');
    expect(fieldLabel('order', 'gift_note')).toBe('Gift note');
    expect(fieldLabel('store', 'quietMode')).toBe('Quiet mode');
  });

  it('names the Shop screen’s fields as the screen does (colorPalatte is the main colour)', () => {
    expect(fieldLabel('shop', 'websiteName')).toBe('Shop name');
    expect(fieldLabel('shop', 'colorPalatte')).toBe('Main colour');
    expect(fieldLabel('shop', 'addressLine1')).toBe('Footer address, first line');
    expect(fieldLabel('store', 'direction_link')).toBe('Directions link');
    expect(text('logo_style', 'wide', { entity: 'shop' })).toBe('wide');
  });

  it('shows pence as money, instants on the shop’s clock, booleans and nothing in words', () => {
    expect(text('refunded', 295)).toBe('£2.95');
    expect(text('minimum_order', 1500)).toBe('£15.00');
    expect(text('promised_at', '2026-11-29T16:16:50.425Z')).toBe('29 Nov 2026, 4:16 PM');
    expect(text('promised_at', '2026-07-01T11:00:00.000Z')).toBe('1 Jul 2026, 12:00 PM');
    expect(text('promised_at', null)).toBe('none');
    expect(text('over_capacity', true)).toBe('yes');
    expect(text('first_order_only', false)).toBe('no');
    expect(text('status', 'ready_for_pickup')).toBe('ready for pickup');
    expect(text('allergens', ['milk', 'tree_nuts'])).toBe('milk, tree nuts');
    expect(text('vat_rate', 20)).toBe('20%');
  });

  it('reads a promo’s discount by its kind', () => {
    expect(text('value', 10, { entity: 'promo', record: { kind: 'percent' } })).toBe('10%');
    expect(text('value', 500, { entity: 'promo', record: { kind: 'fixed' } })).toBe('£5.00');
  });

  it('reads a close-out’s date and times, and a booking’s, as the staff screens print them', () => {
    const closeout = { entity: 'closeout' };
    expect(text('date', '2026-12-24', closeout)).toBe('24 Dec 2026');
    expect(text('from', '12:00', closeout)).toBe('12:00 PM');
    expect(text('until', '22:00', closeout)).toBe('10:00 PM');
    // A whole day, or a service, runs to midnight or past it.
    expect(text('from', '00:00', closeout)).toBe('12:00 AM');
    expect(text('until', '24:00', closeout)).toBe('12:00 AM the next day');
    expect(text('until', '24:30', closeout)).toBe('12:30 AM the next day');
    const booking = { entity: 'booking' };
    expect(text('date', '2026-12-24', booking)).toBe('24 Dec 2026');
    expect(text('time', '07:00 PM', booking)).toBe('7:00 PM');
    // A value not of the shape expected reads as recorded.
    expect(text('date', 'soon', booking)).toBe('soon');
    expect(text('time', 'later', booking)).toBe('later');
    expect(text('until', '2026-11-29T16:00:00.000Z', { entity: 'store' })).toBe(
      '29 Nov 2026, 4:00 PM',
    );
  });

  it('names stores, and says so of a store no longer listed', () => {
    const ids = ['62e954a2-0c1d-4e5f-8a9b-1c2d3e4f5a6b', '9f00e8d1-2c3b-4a5d-8e7f-0a1b2c3d4e5f'];
    expect(text('store_ids', ids)).toBe('Camden, a store no longer listed');
    expect(text('store_ids', [])).toBe('none');
    // An owner works in every store, whatever list the row keeps (staff-sign-in identityOf).
    const owner = { entity: 'staff', record: { role: 'owner', store_ids: [] } };
    expect(text('store_ids', [], owner)).toBe('every store (an owner)');
    expect(text('store_ids', [], { entity: 'staff', record: { role: 'manager' } })).toBe('none');
  });

  it('says what nothing means where it means something: every store, no limit, never', () => {
    const promo = { entity: 'promo', record: { kind: 'percent' } };
    expect(text('store_ids', [], promo)).toBe('every store');
    expect(text('store_ids', ['62e954a2-0c1d-4e5f-8a9b-1c2d3e4f5a6b'], promo)).toBe('Camden');
    expect(text('total_limit', null, promo)).toBe('no limit');
    expect(text('per_customer_limit', 1, promo)).toBe('1');
    expect(text('ends_at', null, promo)).toBe('never');
    expect(text('starts_at', null, promo)).toBe('when made');
    expect(text('slot_cap', null, { entity: 'store' })).toBe('no cap');
    expect(text('auto_accept_minutes', null, { entity: 'store' })).toBe('staff accept');
  });

  it('keeps ids staff may quote whole, marked as ids', () => {
    const refund = 'c0ffee00-1234-4abc-9def-0123456789ab';
    expect(showValue('refund_id', refund, context())).toEqual({ text: refund, id: true });
    expect(showValue('amount', 295, context())).toEqual({ text: '£2.95', id: false });
  });

  it('shows an unknown key’s value as it was recorded', () => {
    expect(text('gift_note', 'Happy birthday')).toBe('Happy birthday');
    expect(text('gift_wrap', true)).toBe('true');
    expect(text('extras', [{ a: 1 }])).toBe('[{"a":1}]');
  });

  it('reads a dish’s allergens in words, not as an object', () => {
    const allergens = { contains: ['milk', 'tree_nuts'], may_contain: ['peanuts'] };
    expect(text('allergens', allergens, { entity: 'menu_item' })).toBe(
      'contains milk, tree nuts; may contain peanuts',
    );
    expect(text('allergens', { contains: [], may_contain: [] })).toBe('none');
  });
});
