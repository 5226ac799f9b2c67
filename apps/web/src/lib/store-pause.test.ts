import { describe, expect, it } from 'vitest';
import type { StoreSummary } from '@servery/contract/menu';
import { defaultPauseMessage } from '@servery/contract/pause-words';
import { pausedWays, pauseText } from './store-pause.ts';

const LONDON = 'Europe/London';
// 8:45 PM in London (GMT in November).
const now = new Date('2026-11-24T20:45:00.000Z');
const store = (pause: StoreSummary['pause'], order_types = ['delivery', 'collection']) =>
  ({ order_types, pause }) as StoreSummary;

describe('what the customer is told of a pause', () => {
  it('names the ways paused that the store offers, while the pause runs', () => {
    const until = '2026-11-24T21:30:00.000Z';
    const pause = { order_types: ['collection' as const], until, message: 'x' };
    expect(pausedWays(store(pause), now)).toEqual(['collection']);
    expect(pausedWays(store(pause, ['delivery']), now)).toEqual([]);
    expect(pausedWays(store({ ...pause, until: '2026-11-24T20:45:00.000Z' }), now)).toEqual([]);
    expect(pausedWays(store(null), now)).toEqual([]);
  });

  it('says which way, until when, and the shop’s own words or when to try again', () => {
    const until = '2026-11-24T21:30:00.000Z';
    expect(
      pauseText(
        { ways: ['collection'], until, message: defaultPauseMessage(['collection']) },
        LONDON,
        now,
      ),
    ).toBe('Collection is paused until 9:30 PM. Please try again then.');
    expect(
      pauseText(
        { ways: ['delivery', 'collection'], until, message: 'Our oven is being fixed.' },
        LONDON,
        now,
      ),
    ).toBe('Collection and delivery are paused until 9:30 PM. Our oven is being fixed.');
    // Past midnight on the shop's clock: the day is named.
    expect(
      pauseText(
        {
          ways: ['delivery'],
          until: '2026-11-25T00:30:00.000Z',
          message: defaultPauseMessage(['delivery', 'collection']),
        },
        LONDON,
        now,
      ),
    ).toBe(
      'Delivery is paused until Wednesday 25 November 2026 at 12:30 AM. Please try again then.',
    );
  });
});
