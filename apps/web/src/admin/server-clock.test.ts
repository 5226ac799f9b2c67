import { afterEach, describe, expect, it } from 'vitest';
import { forgetServerClock, noteServerDate, serverClockOffset } from './server-clock.ts';

afterEach(() => forgetServerClock());

const at = (iso: string) => Date.parse(iso);

describe('the server’s clock from the answers’ Date headers', () => {
  it('is this device’s clock until an answer says otherwise, and an answer without a date says nothing', () => {
    expect(serverClockOffset()).toBe(0);
    noteServerDate(null, at('2026-11-30T19:03:00.000Z'), at('2026-11-30T19:03:00.100Z'));
    noteServerDate('not a date', at('2026-11-30T19:03:00.000Z'), at('2026-11-30T19:03:00.100Z'));
    expect(serverClockOffset()).toBe(0);
  });

  it('closes in on a tablet 10 minutes fast, to well under a second, from answers to the second', () => {
    // The server's clock is 10 min 0.4 s behind. Each answer takes 80 ms; the server reads
    // its clock halfway.
    const behind = 600_400;
    for (let i = 0; i < 8; i += 1) {
      const asked = at('2026-11-30T19:03:00.000Z') + i * 1_130;
      const read = asked + 40 - behind;
      const header = new Date(Math.floor(read / 1000) * 1000).toUTCString();
      noteServerDate(header, asked, asked + 80);
    }
    expect(Math.abs(serverClockOffset() + behind)).toBeLessThan(100);
  });

  it('starts again when the tablet’s clock is set right', () => {
    noteServerDate(
      'Mon, 30 Nov 2026 18:53:00 GMT',
      at('2026-11-30T19:03:00.000Z'),
      at('2026-11-30T19:03:00.050Z'),
    );
    expect(Math.round(serverClockOffset() / 1000)).toBe(-600);
    // Set right: the same second on both clocks, which the 10 minutes behind cannot explain.
    noteServerDate(
      'Mon, 30 Nov 2026 18:54:00 GMT',
      at('2026-11-30T18:54:00.000Z'),
      at('2026-11-30T18:54:00.050Z'),
    );
    expect(Math.abs(serverClockOffset())).toBeLessThan(1000);
  });
});
