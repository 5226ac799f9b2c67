import { describe, expect, it } from 'vitest';
import { bookingEnd, bookingStart, calendarFile, foldLine, icsText } from './calendar-file.ts';

const octets = (line: string) => new TextEncoder().encode(line).length;

describe('the booking calendar file (RFC 5545)', () => {
  it('puts a slot on the shop’s clock in UTC, either side of the October clock change', () => {
    // London: BST (UTC+1) until 02:00 on Sunday 25 October 2026, GMT after.
    expect(bookingStart('2026-10-24', '07:00 PM', 'Europe/London').toISOString()).toBe(
      '2026-10-24T18:00:00.000Z',
    );
    expect(bookingStart('2026-10-25', '07:00 PM', 'Europe/London').toISOString()).toBe(
      '2026-10-25T19:00:00.000Z',
    );
    // 01:30 is read twice that night: the first (still summer time).
    expect(bookingStart('2026-10-25', '01:30 AM', 'Europe/London').toISOString()).toBe(
      '2026-10-25T00:30:00.000Z',
    );
    // 01:30 on 29 March 2026 never happens in London: the hour after.
    expect(bookingStart('2026-03-29', '01:30 AM', 'Europe/London').toISOString()).toBe(
      '2026-03-29T01:30:00.000Z',
    );
    expect(bookingEnd(new Date('2026-10-25T19:00:00Z')).toISOString()).toBe(
      '2026-10-25T21:00:00.000Z',
    );
  });

  it('escapes backslashes, semicolons, commas and newlines in text', () => {
    expect(icsText('Dishoom; Kings Cross, N1C\\4AA\nGround floor')).toBe(
      'Dishoom\\; Kings Cross\\, N1C\\\\4AA\\nGround floor',
    );
  });

  it('folds a line at 75 octets without splitting a UTF-8 character', () => {
    const line = `LOCATION:${'Café Zoë 🍛, '.repeat(12)}`;
    const folded = foldLine(line);
    const pieces = folded.split('\r\n');
    expect(pieces.length).toBeGreaterThan(1);
    for (const piece of pieces) expect(octets(piece)).toBeLessThanOrEqual(75);
    expect(pieces.slice(1).every((p) => p.startsWith(' '))).toBe(true);
    // Unfolding (§3.1: remove CRLF followed by one space) gives the line back.
    expect(folded.replace(/\r\n /g, '')).toBe(line);
    expect(foldLine('SUMMARY:short')).toBe('SUMMARY:short');
  });

  it('writes one VEVENT with CRLF line endings and every line within 75 octets', () => {
    const ics = calendarFile({
      uid: 'b-1@servery',
      stamp: new Date('2026-10-01T09:15:30.123Z'),
      startsAt: new Date('2026-10-25T19:00:00Z'),
      endsAt: new Date('2026-10-25T21:00:00Z'),
      summary: 'Table for 4 at Smith, Sons; Daughters',
      location: '1 High Street, London NW1 8AB',
      description: `To cancel: https://shop.example/reservation/cancel/${'x'.repeat(43)}`,
    });
    expect(ics.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true);
    expect(ics.endsWith('END:VEVENT\r\nEND:VCALENDAR\r\n')).toBe(true);
    expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    for (const line of ics.split('\r\n')) expect(octets(line)).toBeLessThanOrEqual(75);
    const unfolded = ics.replace(/\r\n /g, '');
    expect(unfolded).toContain('\r\nUID:b-1@servery\r\nSEQUENCE:0\r\n');
    expect(unfolded).toContain('\r\nDTSTAMP:20261001T091530Z\r\n');
    expect(unfolded).toContain('\r\nDTSTART:20261025T190000Z\r\nDTEND:20261025T210000Z\r\n');
    expect(unfolded).toContain('\r\nSUMMARY:Table for 4 at Smith\\, Sons\\; Daughters\r\n');
    expect(unfolded).toContain('\r\nLOCATION:1 High Street\\, London NW1 8AB\r\n');
  });

  it('writes a revision with its sequence, so a calendar replaces the entry it has', () => {
    const revised = calendarFile({
      uid: 'b-1@servery',
      stamp: new Date('2026-10-02T09:00:00Z'),
      sequence: 86_400,
      startsAt: new Date('2026-10-25T20:00:00Z'),
      endsAt: new Date('2026-10-25T22:00:00Z'),
      summary: 'Table for 6',
      location: '',
    });
    expect(revised).toContain('\r\nUID:b-1@servery\r\nSEQUENCE:86400\r\n');
  });
});
