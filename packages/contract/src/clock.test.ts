import { describe, expect, it } from 'vitest';
import { formatClockTime, hhmm, leadMinutes, minutesOf, slotLabel, slotMinutes } from './clock.ts';
import { clockSpan, clockTimeOf, slotClockTime } from './clock.ts';
import { addDays, clockTime, instantAt, localDate, wallClock, weekdayOf } from './clock.ts';
import { saidDateAndTime, saidDayAndTime, saidTime } from './clock.ts';

const LONDON = 'Europe/London';

describe('clock times', () => {
  it('reads "HH:MM" and "HH:MM:SS" as minutes after midnight, and writes them back', () => {
    expect(minutesOf('17:30')).toBe(1050);
    expect(minutesOf('00:05:00')).toBe(5);
    expect(hhmm(1050)).toBe('17:30');
    expect(hhmm(5)).toBe('00:05');
  });

  it('prints storefront times as "5:30 PM", noon and midnight as 12', () => {
    expect(formatClockTime('17:30')).toBe('5:30 PM');
    expect(formatClockTime('12:00')).toBe('12:00 PM');
    expect(formatClockTime('00:15')).toBe('12:15 AM');
  });

  it('prints minutes of the day, spans and booking slots as the storefront prints times', () => {
    expect(clockTimeOf(1050)).toBe('5:30 PM');
    expect(clockTimeOf(0)).toBe('12:00 AM');
    // A service running past midnight ends at 24:30, on the next day's clock.
    expect(clockTimeOf(1470)).toBe('12:30 AM');
    expect(clockSpan(1050, 1320)).toBe('5:30 PM – 10:00 PM');
    expect(clockSpan(30, 180)).toBe('12:30 AM – 3:00 AM');
    expect(slotClockTime('05:30 PM')).toBe('5:30 PM');
    expect(slotClockTime('12:00 AM')).toBe('12:00 AM');
    expect(slotClockTime('12:30 PM')).toBe('12:30 PM');
  });

  it('labels booking slots "05:30 PM" and reads the labels back', () => {
    expect(slotLabel(1050)).toBe('05:30 PM');
    expect(slotLabel(0)).toBe('12:00 AM');
    for (const minutes of [0, 45, 720, 1050, 1425]) {
      expect(slotMinutes(slotLabel(minutes))).toBe(minutes);
    }
  });
});

describe('lead time', () => {
  const store = {
    preparationMinutes: 20,
    busyExtraMinutes: 10,
    busyUntil: '2026-11-27T23:00:00.000Z',
    deliveryMinutes: 25,
  };
  const friday = new Date('2026-11-27T20:00:00Z');

  it('is preparation plus the busy extra for collection, and the drive too for delivery', () => {
    expect(leadMinutes(store, 'collection', friday)).toBe(30);
    expect(leadMinutes(store, 'delivery', friday)).toBe(55);
  });

  it('drops the busy extra once busy mode has ended, or when it has no end', () => {
    const saturday = new Date('2026-11-28T12:00:00Z');
    expect(leadMinutes(store, 'collection', saturday)).toBe(20);
    expect(leadMinutes(store, 'collection', new Date(store.busyUntil))).toBe(20);
    expect(leadMinutes({ ...store, busyUntil: null }, 'collection', friday)).toBe(20);
  });
});

describe('the shop wall clock', () => {
  it('reads the date, time and weekday in the shop time zone', () => {
    // 23:30 UTC on Saturday 27 June 2026 is 00:30 on Sunday in London (summer time).
    const at = new Date('2026-06-27T23:30:00Z');
    expect(localDate(at, LONDON)).toBe('2026-06-28');
    expect(clockTime(at, LONDON)).toBe('00:30');
    expect(wallClock(at, LONDON)).toEqual({ weekday: 7, minutes: 30 });
  });

  it('counts calendar days across month and year ends, Monday as weekday 1', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(weekdayOf('2026-11-23')).toBe(1);
    expect(weekdayOf('2026-11-29')).toBe(7);
  });

  it('finds the instant of a wall-clock time, across both clock changes', () => {
    expect(instantAt('2026-01-10', 17 * 60, LONDON)?.toISOString()).toBe(
      '2026-01-10T17:00:00.000Z',
    );
    expect(instantAt('2026-07-10', 17 * 60, LONDON)?.toISOString()).toBe(
      '2026-07-10T16:00:00.000Z',
    );
    // 01:30 does not happen on 29 March 2026 in London: the clock goes from 01:00 to 02:00.
    expect(instantAt('2026-03-29', 90, LONDON)).toBeNull();
    // 01:30 happens twice on 25 October 2026: the first, still in summer time.
    expect(instantAt('2026-10-25', 90, LONDON)?.toISOString()).toBe('2026-10-25T00:30:00.000Z');
  });
});

describe('times as messages say them', () => {
  // 12:45 on Tuesday 24 November 2026 in London (GMT).
  const noon = new Date('2026-11-24T12:45:00Z');
  it('says 12:45 as "12:45 PM", never "0:45 pm", as the site prints times', () => {
    expect(saidTime(noon, 'Europe/London')).toBe('12:45 PM');
    expect(saidTime(new Date('2026-11-24T00:05:00Z'), 'Europe/London')).toBe('12:05 AM');
    // The site's own words for the same minute (walk item 23: "8:59 pm" in an e-mail).
    const evening = new Date('2026-11-24T20:59:00Z');
    expect(saidTime(evening, 'Europe/London')).toBe(
      formatClockTime(clockTime(evening, 'Europe/London')),
    );
  });
  it('says the day and the date in the shop’s time zone', () => {
    expect(saidDayAndTime(noon, 'Europe/London')).toBe('Tuesday 24 November at 12:45 PM');
    expect(saidDateAndTime(noon, 'Europe/London')).toBe('24 November 2026 at 12:45 PM');
    expect(saidTime(noon, 'America/New_York')).toBe('7:45 AM');
  });
  it('keeps a formatter per kind and zone: one shop’s zone or saying never leaks into another’s', () => {
    // The same moment said in turn in two zones and three ways, each after the others were kept.
    for (let round = 0; round < 2; round++) {
      expect(saidTime(noon, 'Pacific/Auckland')).toBe('1:45 AM');
      expect(saidDayAndTime(noon, 'Pacific/Auckland')).toBe('Wednesday 25 November at 1:45 AM');
      expect(saidDayAndTime(noon, 'Europe/London')).toBe('Tuesday 24 November at 12:45 PM');
      expect(saidDateAndTime(noon, 'Pacific/Auckland')).toBe('25 November 2026 at 1:45 AM');
      expect(saidTime(noon, 'Europe/London')).toBe('12:45 PM');
    }
  });
});
