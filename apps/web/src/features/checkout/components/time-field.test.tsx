import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { StoreSummary } from '@servery/contract/menu';
import { TimeField } from './time-field.tsx';

afterEach(cleanup);

const store = { id: 's1', name: 'Camden' } as StoreSummary;

describe('the collection time', () => {
  it('says what the checkout says of a pause of this order type', () => {
    render(
      <TimeField
        store={store}
        orderType="collection"
        timings={{
          store_id: 's1',
          order_type: 'collection',
          asap: { available: false, at: null, minutes: null },
          days: [],
          paused: { message: 'Kitchen is swamped, back at 7', until: '2026-11-17T19:00:00Z' },
        }}
        loadFailed={false}
        value={null}
        onChange={() => {}}
        closedReason={null}
        pausedReason="Collection is paused until 7:00 PM. Kitchen is swamped, back at 7"
      />,
    );
    expect(screen.getByTestId('no-times').textContent).toBe(
      'Collection is paused until 7:00 PM. Kitchen is swamped, back at 7',
    );
  });
});
