import { describe, expect, it } from 'vitest';
import {
  addDays,
  fromCalendarDate,
  inWindow,
  parseTypedDate,
  shopToday,
  timeForSlots,
  toCalendarDate,
  ukDate,
} from './reservation-dates.ts';

describe('reservation dates', () => {
  it('writes dates for people as dd/mm/yyyy', () => {
    expect(ukDate('2026-11-04')).toBe('04/11/2026');
    expect(ukDate('2027-01-31')).toBe('31/01/2027');
  });

  it('takes today from the London clock, not the browser’s or UTC', () => {
    // 23:30 UTC on 31 March 2026 is 00:30 on 1 April in London (summer time).
    expect(shopToday('Europe/London', new Date('2026-03-31T23:30:00Z'))).toBe('2026-04-01');
    // 23:30 UTC on 24 November is still 24 November in London (GMT).
    expect(shopToday('Europe/London', new Date('2026-11-24T23:30:00Z'))).toBe('2026-11-24');
    expect(shopToday('Asia/Kolkata', new Date('2026-11-24T20:00:00Z'))).toBe('2026-11-25');
  });

  it('falls back to London for a missing or unknown time zone', () => {
    const at = new Date('2026-03-31T23:30:00Z');
    expect(shopToday(undefined, at)).toBe('2026-04-01');
    expect(shopToday('Mars/Olympus_Mons', at)).toBe('2026-04-01');
  });

  it('counts calendar days across months, years and the clock change', () => {
    expect(addDays('2026-11-22', 60)).toBe('2027-01-21');
    expect(addDays('2026-03-28', 1)).toBe('2026-03-29');
    expect(addDays('2026-03-29', 1)).toBe('2026-03-30');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
  });

  it('turns the calendar’s local Date into YYYY-MM-DD and back', () => {
    const date = toCalendarDate('2026-03-29');
    expect([date.getFullYear(), date.getMonth(), date.getDate(), date.getHours()]).toEqual([
      2026, 2, 29, 0,
    ]);
    expect(fromCalendarDate(date)).toBe('2026-03-29');
    expect(fromCalendarDate(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
  });

  it('reads dd/MM/yyyy text (UK, issue 30), and answers null for anything that is not a real date', () => {
    expect(parseTypedDate('24/11/2026')).toBe('2026-11-24');
    expect(parseTypedDate(' 29/02/2028 ')).toBe('2028-02-29');
    for (const bad of ['11/24/2026', '29/02/2027', '01/13/2026', '1/2/2026', 'tomorrow', '']) {
      expect(parseTypedDate(bad)).toBeNull();
    }
  });

  it('keeps dates inside the booking window', () => {
    expect(inWindow('2026-11-22', '2026-11-22', '2027-01-21')).toBe(true);
    expect(inWindow('2027-01-21', '2026-11-22', '2027-01-21')).toBe(true);
    expect(inWindow('2026-11-21', '2026-11-22', '2027-01-21')).toBe(false);
    expect(inWindow('2027-01-22', '2026-11-22', '2027-01-21')).toBe(false);
    expect(inWindow('2027-06-01', '2026-11-22', undefined)).toBe(true);
  });
});

describe('the time after a date is chosen (product.md §4)', () => {
  const today = '2026-11-22';
  const slots = ['06:00 PM', '06:30 PM', '07:00 PM'];

  it('today picks its first remaining slot', () => {
    expect(timeForSlots({ date: today, today, slots, current: '', autoPick: true })).toBe(
      '06:00 PM',
    );
    expect(timeForSlots({ date: today, today, slots, current: '07:00 PM', autoPick: true })).toBe(
      '06:00 PM',
    );
  });

  it('today with nothing left leaves the time empty', () => {
    expect(timeForSlots({ date: today, today, slots: [], current: '', autoPick: true })).toBe('');
  });

  it('another day clears the time', () => {
    expect(
      timeForSlots({ date: '2026-11-23', today, slots, current: '06:00 PM', autoPick: true }),
    ).toBe('');
  });

  it('keeps a time the visitor chose while it is still offered, and drops it once taken', () => {
    const pick = { date: '2026-11-23', today, current: '06:30 PM', autoPick: false };
    expect(timeForSlots({ ...pick, slots })).toBe('06:30 PM');
    expect(timeForSlots({ ...pick, slots: ['06:00 PM', '07:00 PM'] })).toBe('');
    // Today too: a taken time is not swapped for another behind the visitor's back.
    expect(timeForSlots({ ...pick, date: today, slots: ['07:00 PM'] })).toBe('');
  });
});
