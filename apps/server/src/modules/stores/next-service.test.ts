import { describe, expect, it } from 'vitest';
import { nextServiceStart, openingState, type OpeningRow } from './opening.ts';

// "Sold out today" comes back at the store's next opening (issue 15), on London's wall clock.
const London = 'Europe/London';
const daily = (opens: string, closes: string): OpeningRow[] =>
  [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, opens, closes }));
const at = (iso: string) => new Date(iso);

describe('when "sold out today" ends', () => {
  const hours = daily('11:00', '22:00');

  it('is the next opening across the March change (GMT to BST)', () => {
    // Saturday 28 March 2026, 20:00 GMT; the clocks go forward that night.
    const until = nextServiceStart(hours, [], at('2026-03-28T20:00:00Z'), London);
    expect(until.toISOString()).toBe('2026-03-29T10:00:00.000Z'); // 11:00 BST
  });

  it('is the next opening across the October change (BST to GMT)', () => {
    // Saturday 24 October 2026, 20:00 BST; the clocks go back that night.
    const until = nextServiceStart(hours, [], at('2026-10-24T19:00:00Z'), London);
    expect(until.toISOString()).toBe('2026-10-25T11:00:00.000Z'); // 11:00 GMT
  });

  it('is the minute the clock jumps to when the opening falls in the skipped hour', () => {
    const early: OpeningRow[] = [{ weekday: 7, opens: '01:30', closes: '05:00' }];
    const until = nextServiceStart(early, [], at('2026-03-28T12:00:00Z'), London);
    expect(until.toISOString()).toBe('2026-03-29T01:30:00.000Z'); // 02:30 BST
  });

  it('counts a range past midnight as the day it opened', () => {
    // Saturday 18:00 to 02:00; at 01:00 on Sunday the Saturday service is still on.
    const late: OpeningRow[] = [
      { weekday: 6, opens: '18:00', closes: '02:00' },
      { weekday: 7, opens: '12:00', closes: '20:00' },
    ];
    const until = nextServiceStart(late, [], at('2026-10-25T01:00:00Z'), London);
    expect(until.toISOString()).toBe('2026-10-25T12:00:00.000Z');
  });

  it('before opening, means the day ahead: back the day after', () => {
    // Tuesday 17 November 2026, 09:00: today's service has not begun.
    const until = nextServiceStart(hours, [], at('2026-11-17T09:00:00Z'), London);
    expect(until.toISOString()).toBe('2026-11-18T11:00:00.000Z');
  });

  it('skips a special closed day and follows special hours', () => {
    const special = [
      { date: '2026-11-18', closed: true, hours: [] },
      { date: '2026-11-19', closed: false, hours: [{ opens: '15:00', closes: '20:00' }] },
    ];
    const until = nextServiceStart(hours, special, at('2026-11-17T14:00:00Z'), London);
    expect(until.toISOString()).toBe('2026-11-19T15:00:00.000Z');
  });

  it('falls back to the next midnight when the store never opens', () => {
    const until = nextServiceStart([], [], at('2026-07-01T12:00:00Z'), London);
    expect(until.toISOString()).toBe('2026-07-01T23:00:00.000Z'); // 00:00 BST
  });
});

describe('special days and opening state', () => {
  it('a special closed day is closed whatever the weekday says', () => {
    const hours = daily('11:00', '22:00');
    const closed = [{ date: '2026-11-17', closed: true, hours: [] }];
    const state = openingState(hours, at('2026-11-17T12:00:00Z'), London, closed);
    expect(state).toEqual({ isOpen: false, statusText: 'Opens tomorrow at 11:00 AM' });
  });
});
