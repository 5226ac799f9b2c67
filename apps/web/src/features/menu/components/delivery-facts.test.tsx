import type { StoreSummary } from '@servery/contract/menu';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestStore, stubApiWire } from '../../../lib/testing/api-wire.ts';
import { STORAGE_KEYS } from '../../../lib/storage-keys.ts';
import { ClosedNote } from './delivery-facts.tsx';
import { StoreFactsLine, storeWhen } from './store-facts-line.tsx';

const store = {
  name: 'Tandoor Lane Camden',
  is_open_now: false,
  is_closed: false,
  status_text: 'Opens Monday at 11:30 AM',
} as StoreSummary;

async function renderNote(summary: StoreSummary, shopClosed = 0) {
  const config = { IsShopClosed: shopClosed, ShopClosedMessage: 'Closed for Diwali.' };
  localStorage.setItem(STORAGE_KEYS.configData, JSON.stringify(config));
  // The server's configuration answer, at the HTTP wire.
  const wire = stubApiWire({
    '/api/loadconfig': { status: 200, body: { status: 200, message: 'OK', data: config } },
  });
  render(
    <Provider store={createTestStore()}>
      <ClosedNote store={summary} />
    </Provider>,
  );
  // The configuration is asked for on mount; the answer agrees with the cached copy.
  await waitFor(() => expect(wire.sent).toHaveLength(1));
}

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe('the closed-store note on the menu', () => {
  it('says when a store closed for now opens, in the store’s facts line (issue 30)', async () => {
    await renderNote(store);
    // No box for a store closed only for now: one line keeps the dishes on a phone's screen.
    expect(screen.queryByText(/is closed now/)).toBeNull();
    render(
      <Provider store={createTestStore()}>
        <StoreFactsLine
          store={{ ...store, order_types: ['collection'], delivery_zones: [], minimum_order: 500 }}
        />
      </Provider>,
    );
    expect(screen.getByTestId('store-facts').textContent).toBe(
      'Opens Mon 11:30 AM · Collection only · £5.00 min',
    );
  });

  it('names tomorrow by its short day on the shop’s clock, so the facts stay one line on a phone', () => {
    const tomorrow = { ...store, status_text: 'Opens tomorrow at 12:30 AM' };
    // Friday 27 November 2026, 22:10 in London: tomorrow is Saturday there.
    const lateFriday = new Date('2026-11-27T22:10:00Z');
    expect(storeWhen(tomorrow, lateFriday, 'Europe/London')).toBe('Opens Sat 12:30 AM');
    // The same moment is already Saturday morning in Auckland: tomorrow is Sunday.
    expect(storeWhen(tomorrow, lateFriday, 'Pacific/Auckland')).toBe('Opens Sun 12:30 AM');
    expect(
      storeWhen({ ...store, status_text: 'Opens at 5:00 PM' }, lateFriday, 'Europe/London'),
    ).toBe('Opens 5:00 PM');
  });

  it('while open, says the last time the checkout takes an order, not the closing (walk item 28)', () => {
    // Open till 12:30 AM; 20 minutes' cooking and a busy 5: the last order at 12:05 AM.
    const open = {
      ...store,
      is_open_now: true,
      status_text: 'Closes at 12:30 AM',
      last_order_at: '2026-11-28T00:05:00.000Z',
    };
    const friday = (hhmm: string) => new Date(`2026-11-27T${hhmm}:00Z`);
    expect(storeWhen(open, friday('22:10'), 'Europe/London')).toBe('Last orders 12:05 AM');
    expect(storeWhen(open, new Date('2026-11-28T00:05:00Z'), 'Europe/London')).toBe(
      'Last orders 12:05 AM',
    );
    expect(storeWhen(open, new Date('2026-11-28T00:06:00Z'), 'Europe/London')).toBe(
      'Last orders were 12:05 AM',
    );
    // Open past the next day: nothing to warn of yet.
    const long = { ...open, status_text: 'Closes Monday at 12:00 AM' };
    expect(storeWhen(long, friday('22:10'), 'Europe/London')).toBe('Open now');
  });

  it('says nothing while the store is open', async () => {
    await renderNote({ ...store, is_open_now: true });
    expect(screen.queryByText(/closed|orders/)).toBeNull();
  });

  it('says once, plainly, that a way is paused and until when (issue 15)', async () => {
    const until = new Date(Date.now() + 30 * 60_000).toISOString();
    const open = { ...store, is_open_now: true, order_types: ['delivery', 'collection'] };
    await renderNote({
      ...open,
      pause: {
        order_types: ['collection'],
        until,
        message: 'We are not taking collection orders right now. Please try again a little later.',
      },
    } as StoreSummary);
    const note = screen.getByTestId('pause-note');
    expect(note.textContent).toMatch(
      /^Collection is paused until (.* at )?\d{1,2}:\d\d [AP]M\. Please try again then\.$/,
    );
    cleanup();
    // The shop's own words, and nothing once the pause has run out.
    await renderNote({
      ...open,
      pause: { order_types: ['delivery', 'collection'], until, message: 'Back soon!' },
    } as StoreSummary);
    expect(screen.getByTestId('pause-note').textContent).toMatch(
      /^Collection and delivery are paused until .*\. Back soon!$/,
    );
    cleanup();
    const past = new Date(Date.now() - 60_000).toISOString();
    await renderNote({
      ...open,
      pause: { order_types: ['collection'], until: past, message: 'Back soon!' },
    } as StoreSummary);
    expect(screen.queryByTestId('pause-note')).toBeNull();
  });

  it('promises no ordering ahead when the store or the whole shop is closed', async () => {
    await renderNote({ ...store, is_closed: true });
    expect(
      screen.getByText('Tandoor Lane Camden is not taking orders at the moment.'),
    ).toBeTruthy();
    cleanup();
    await renderNote(store, 1);
    expect(screen.getByText('Closed for Diwali.')).toBeTruthy();
    expect(screen.queryByText(/order ahead/)).toBeNull();
  });
});
