import { describe, expect, it } from 'vitest';
import type { BookingDocument } from '@servery/contract/tenant-document';
import { slotLabel, slotMinutes, slotsOf } from './booking-slots.ts';

const LONDON = 'Europe/London';
const booking: BookingDocument = {
  hours: {
    saturday: [{ opens: '12:00', closes: '14:00' }],
    sunday: [
      { opens: '00:00', closes: '03:00' },
      { opens: '22:30', closes: '00:00' },
    ],
  },
  stepMinutes: 30,
  coversPerSlot: 20,
  reminders: true,
  daysAllowed: 30,
  whatsappShare: false,
  whatsappNumber: '',
};

describe('booking slots', () => {
  it('reads and writes the product’s hh:mm AM/PM (product.md)', () => {
    expect(slotLabel(0)).toBe('12:00 AM');
    expect(slotLabel(12 * 60)).toBe('12:00 PM');
    expect(slotLabel(17 * 60 + 30)).toBe('05:30 PM');
    expect(slotMinutes('05:30 PM')).toBe(1050);
    expect(slotMinutes('12:30 AM')).toBe(30);
  });

  it('steps through each range, its end not included; a range may end at midnight', () => {
    const saturday = slotsOf(booking, '2026-11-28', new Date('2026-11-20T10:00:00Z'), LONDON);
    expect(saturday).toEqual(['12:00 PM', '12:30 PM', '01:00 PM', '01:30 PM']);
    const sunday = slotsOf(booking, '2026-11-29', new Date('2026-11-20T10:00:00Z'), LONDON);
    expect(sunday).toEqual([
      '12:00 AM',
      '12:30 AM',
      '01:00 AM',
      '01:30 AM',
      '02:00 AM',
      '02:30 AM',
      '10:30 PM',
      '11:00 PM',
      '11:30 PM',
    ]);
  });

  it('today: only the times still ahead on the London clock, also just after midnight BST', () => {
    // 12:40 GMT on Saturday 28 November.
    expect(slotsOf(booking, '2026-11-28', new Date('2026-11-28T12:40:00Z'), LONDON)).toEqual([
      '01:00 PM',
      '01:30 PM',
    ]);
    // 23:50 UTC on Saturday 6 June is 00:50 BST on Sunday 7 June: Sunday is today in London.
    expect(slotsOf(booking, '2026-06-07', new Date('2026-06-06T23:50:00Z'), LONDON)[0]).toBe(
      '01:00 AM',
    );
  });

  it('has no slot in the hour the clocks skip in March; October’s repeated hour is one slot', () => {
    const march = slotsOf(booking, '2026-03-29', new Date('2026-03-20T10:00:00Z'), LONDON);
    expect(march.slice(0, 4)).toEqual(['12:00 AM', '12:30 AM', '02:00 AM', '02:30 AM']);
    const october = slotsOf(booking, '2026-10-25', new Date('2026-10-20T10:00:00Z'), LONDON);
    expect(october.filter((s) => s === '01:30 AM')).toHaveLength(1);
  });
});
