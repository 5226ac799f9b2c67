import { describe, expect, it } from 'vitest';
import {
  closesAt,
  openingState,
  openingsFrom,
  serviceEnd,
  wallClock,
  type OpeningRow,
} from './opening.ts';

const LONDON = 'Europe/London';
// Friday and Saturday run past midnight; Sunday and Monday are closed.
const rows: OpeningRow[] = [
  { weekday: 2, opens: '11:30', closes: '14:30' },
  { weekday: 2, opens: '17:00', closes: '23:00' },
  { weekday: 5, opens: '17:00', closes: '02:00' },
  { weekday: 6, opens: '12:00', closes: '02:00' },
];

describe('open now, on the shop’s wall clock', () => {
  it('between two ranges of a day: closed, opening later that day', () => {
    // Tuesday 17 November 2026, 15:00 in London (GMT).
    expect(openingState(rows, new Date('2026-11-17T15:00:00Z'), LONDON)).toEqual({
      isOpen: false,
      statusText: 'Opens at 5:00 PM',
    });
    expect(openingState(rows, new Date('2026-11-17T12:00:00Z'), LONDON)).toEqual({
      isOpen: true,
      statusText: 'Closes at 2:30 PM',
    });
  });

  it('past midnight on Saturday morning: still Friday night’s range', () => {
    // Saturday 21 November 2026, 01:30 GMT.
    expect(openingState(rows, new Date('2026-11-21T01:30:00Z'), LONDON)).toEqual({
      isOpen: true,
      statusText: 'Closes at 2:00 AM',
    });
    expect(openingState(rows, new Date('2026-11-21T02:00:00Z'), LONDON)).toEqual({
      isOpen: false,
      statusText: 'Opens at 12:00 PM',
    });
  });

  it('closes at the end of ranges that join: lunch to 3:00 PM and dinner from 3:00 PM', () => {
    const joined: OpeningRow[] = [
      { weekday: 1, opens: '11:00', closes: '15:00' },
      { weekday: 1, opens: '15:00', closes: '23:00' },
      { weekday: 3, opens: '18:00', closes: '00:00' },
      { weekday: 4, opens: '00:00', closes: '01:30' },
    ];
    // Monday 30 November 2026, 12:00 GMT: the store's slots and ASAP run to 11:00 PM.
    expect(openingState(joined, new Date('2026-11-30T12:00:00Z'), LONDON).statusText).toBe(
      'Closes at 11:00 PM',
    );
    // Wednesday 2 December, 22:00: Wednesday's night runs into Thursday's range from midnight.
    expect(openingState(joined, new Date('2026-12-02T22:00:00Z'), LONDON).statusText).toBe(
      'Closes at 1:30 AM',
    );
  });

  it('names the closing day of an opening that runs past the next 24 hours', () => {
    const allWeekend: OpeningRow[] = [5, 6, 7].map((weekday) => ({
      weekday,
      opens: '00:00',
      closes: '00:00',
    }));
    // Friday 4 December 2026, 09:00: open until Sunday ends, Monday's midnight.
    expect(openingState(allWeekend, new Date('2026-12-04T09:00:00Z'), LONDON).statusText).toBe(
      'Closes Monday at 12:00 AM',
    );
  });

  it('names the next day it opens when that is not today', () => {
    // Sunday 22 November 2026, 12:00: closed Sunday and Monday, open Tuesday.
    expect(openingState(rows, new Date('2026-11-22T12:00:00Z'), LONDON).statusText).toBe(
      'Opens Tuesday at 11:30 AM',
    );
    // Monday 23 November: Tuesday is tomorrow.
    expect(openingState(rows, new Date('2026-11-23T12:00:00Z'), LONDON).statusText).toBe(
      'Opens tomorrow at 11:30 AM',
    );
  });

  it('when the clocks go forward (29 March 2026, 01:00 GMT becomes 02:00 BST)', () => {
    // Saturday night's range runs to 02:00 on Sunday. 00:30 UTC is 00:30 GMT: open.
    expect(openingState(rows, new Date('2026-03-29T00:30:00Z'), LONDON).isOpen).toBe(true);
    // 01:30 UTC is 02:30 BST: past 02:00 on the wall clock, so closed.
    expect(wallClock(new Date('2026-03-29T01:30:00Z'), LONDON)).toEqual({
      weekday: 7,
      minutes: 150,
    });
    expect(openingState(rows, new Date('2026-03-29T01:30:00Z'), LONDON).isOpen).toBe(false);
  });

  it('when the clocks go back (25 October 2026, 02:00 BST becomes 01:00 GMT)', () => {
    // Both 00:30 UTC (01:30 BST) and 01:30 UTC (01:30 GMT) read 01:30 on Sunday: open both times.
    expect(openingState(rows, new Date('2026-10-25T00:30:00Z'), LONDON).isOpen).toBe(true);
    expect(openingState(rows, new Date('2026-10-25T01:30:00Z'), LONDON).isOpen).toBe(true);
    // 02:30 UTC is 02:30 GMT: closed.
    expect(openingState(rows, new Date('2026-10-25T02:30:00Z'), LONDON).isOpen).toBe(false);
  });

  it('a store with no hours never opens', () => {
    expect(openingState([], new Date('2026-11-22T12:00:00Z'), LONDON)).toEqual({
      isOpen: false,
      statusText: null,
    });
  });
});

describe('when the store open now closes', () => {
  const at = (iso: string, hours = rows, special: Parameters<typeof closesAt>[1] = []) =>
    closesAt(hours, special, new Date(iso), LONDON)?.toISOString() ?? null;

  it('the end of the range open now; null while closed', () => {
    // Tuesday 17 November 2026: 12:00 in the lunch range, 15:00 between the two.
    expect(at('2026-11-17T12:00:00Z')).toBe('2026-11-17T14:30:00.000Z');
    expect(at('2026-11-17T15:00:00Z')).toBeNull();
  });

  it('past midnight: Friday night’s range, whether asked before or after midnight', () => {
    expect(at('2026-11-20T23:50:00Z')).toBe('2026-11-21T02:00:00.000Z');
    expect(at('2026-11-21T01:30:00Z')).toBe('2026-11-21T02:00:00.000Z');
  });

  it('follows ranges that carry on without a gap, across midnight too', () => {
    const split: OpeningRow[] = [
      { weekday: 2, opens: '11:00', closes: '15:00' },
      { weekday: 2, opens: '15:00', closes: '00:00' },
      { weekday: 3, opens: '00:00', closes: '01:00' },
    ];
    expect(at('2026-11-17T14:50:00Z', split)).toBe('2026-11-18T01:00:00.000Z');
    // Open around the clock: a week on, the end of the last day read.
    const always = [1, 2, 3, 4, 5, 6, 7].flatMap((weekday) => [
      { weekday, opens: '00:00', closes: '12:00' },
      { weekday, opens: '12:00', closes: '00:00' },
    ]);
    expect(at('2026-11-17T11:50:00Z', always)).toBe('2026-11-24T00:00:00.000Z');
  });

  it('follows ranges that overlap: a night running into the next day’s special hours', () => {
    // Friday night to 02:00; Saturday 21 November keeps special hours from 01:00 to 04:00.
    const special = [
      { date: '2026-11-21', closed: false, hours: [{ opens: '01:00', closes: '04:00' }] },
    ];
    expect(at('2026-11-20T23:50:00Z', rows, special)).toBe('2026-11-21T04:00:00.000Z');
  });

  it('keeps a special day’s hours', () => {
    const special = [
      { date: '2026-11-17', closed: false, hours: [{ opens: '11:30', closes: '13:00' }] },
    ];
    expect(at('2026-11-17T12:00:00Z', rows, special)).toBe('2026-11-17T13:00:00.000Z');
  });

  it('on the clock changes', () => {
    // Saturday 24 October 2026 12:00 BST to 02:00 on Sunday: 02:00 comes after 01:00 GMT's hour.
    expect(at('2026-10-24T23:30:00Z')).toBe('2026-10-25T02:00:00.000Z');
    // Saturday 28 March 2026 to 02:00 on Sunday: the first minute of summer time, 01:00 UTC.
    expect(at('2026-03-28T23:30:00Z')).toBe('2026-03-29T01:00:00.000Z');
    // To 01:30, a time the clock skips: read an hour later, 02:30 BST.
    const late = [{ weekday: 6, opens: '22:00', closes: '01:30' }];
    expect(at('2026-03-28T23:30:00Z', late)).toBe('2026-03-29T01:30:00.000Z');
  });
});

describe('when the service being run ends (busy mode’s end)', () => {
  const at = (iso: string, hours = rows) =>
    serviceEnd(hours, [], new Date(iso), LONDON)?.toISOString() ?? null;

  it('the end of the opening open now, past midnight too', () => {
    expect(at('2026-11-17T12:00:00Z')).toBe('2026-11-17T14:30:00.000Z');
    // Friday 20 November's night runs to 02:00 on Saturday.
    expect(at('2026-11-20T21:00:00Z')).toBe('2026-11-21T02:00:00.000Z');
  });

  it('while closed, the end of the next opening', () => {
    // Tuesday between lunch and dinner: dinner's end.
    expect(at('2026-11-17T15:00:00Z')).toBe('2026-11-17T23:00:00.000Z');
    // Sunday and Monday are closed: Tuesday lunch's end.
    expect(at('2026-11-22T12:00:00Z')).toBe('2026-11-24T14:30:00.000Z');
  });

  it('null without any opening in the coming week', () => {
    expect(at('2026-11-17T12:00:00Z', [])).toBeNull();
  });
});

describe('continuous openings', () => {
  it('reads ranges that touch or overlap as one, across midnight and special days', () => {
    const week: OpeningRow[] = [
      { weekday: 1, opens: '11:00', closes: '15:00' },
      { weekday: 1, opens: '15:00', closes: '01:00' },
      { weekday: 2, opens: '01:00', closes: '02:00' },
      { weekday: 2, opens: '17:00', closes: '22:00' },
    ];
    // From Monday 16 November, two days: minutes from Monday's midnight. Monday 11:00 to
    // Tuesday 02:00 (at 15:00 and past midnight at 01:00 they touch), then Tuesday's dinner.
    expect(openingsFrom(week, [], '2026-11-16', 2)).toEqual([
      { opens: 11 * 60, closes: 24 * 60 + 2 * 60 },
      { opens: 24 * 60 + 17 * 60, closes: 24 * 60 + 22 * 60 },
    ]);
    // Tuesday 17 November keeps special hours, the first overlapping Monday night's end.
    const special = [
      {
        date: '2026-11-17',
        closed: false,
        hours: [
          { opens: '00:30', closes: '03:00' },
          { opens: '12:00', closes: '14:00' },
        ],
      },
    ];
    expect(openingsFrom(week, special, '2026-11-16', 2)).toEqual([
      { opens: 11 * 60, closes: 24 * 60 + 3 * 60 },
      { opens: 24 * 60 + 12 * 60, closes: 24 * 60 + 14 * 60 },
    ]);
  });
});
