import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LiveEventsProvider } from './live-events-provider.tsx';
import { useLiveEvents } from './use-live-events.ts';

/** The browser's EventSource, as far as a board uses it: named events dispatched to it. */
class FakeEventSource extends EventTarget {
  static opened: FakeEventSource[] = [];
  closed = false;
  constructor(readonly url: string) {
    super();
    FakeEventSource.opened.push(this);
  }
  close() {
    this.closed = true;
  }
}

afterEach(() => {
  cleanup();
  FakeEventSource.opened = [];
  vi.unstubAllGlobals();
});

function Board({ name, onEvent }: { name: string; onEvent: (kind: string) => void }) {
  return (
    <p>
      {name} {useLiveEvents(onEvent)}
    </p>
  );
}

describe('the staff live stream', () => {
  it("hears an order's payment news, as the desk refetches on every order event", () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    const heard: string[] = [];
    render(
      <LiveEventsProvider>
        <Board name="Board" onEvent={(kind) => heard.push(kind)} />
      </LiveEventsProvider>,
    );
    const source = FakeEventSource.opened[0]!;
    expect(source.url).toBe('/api/admin/events');
    act(() => {
      source.dispatchEvent(new Event('open'));
      source.dispatchEvent(new MessageEvent('order.payment', { data: '{"id":9}' }));
      source.dispatchEvent(new MessageEvent('order.status', { data: '{"id":10}' }));
    });
    expect(screen.getByText('Board live')).toBeTruthy();
    expect(heard).toEqual(['resync', 'order.payment', 'order.status']);
  });

  it('is one stream for every screen, each of which hears every event, the opening and the reconnect', () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    const desk: string[] = [];
    const diary: string[] = [];
    const { unmount } = render(
      <LiveEventsProvider>
        <Board name="Desk" onEvent={(kind) => desk.push(kind)} />
        <Board name="Diary" onEvent={(kind) => diary.push(kind)} />
      </LiveEventsProvider>,
    );
    expect(FakeEventSource.opened).toHaveLength(1);
    const source = FakeEventSource.opened[0]!;
    act(() => {
      source.dispatchEvent(new Event('open'));
      source.dispatchEvent(new MessageEvent('booking.created', { data: '{"id":1}' }));
      source.dispatchEvent(new Event('error'));
    });
    expect(screen.getByText('Desk reconnecting')).toBeTruthy();
    act(() => source.dispatchEvent(new Event('open')));
    expect(screen.getByText('Diary live')).toBeTruthy();
    expect(desk).toEqual(['resync', 'booking.created', 'resync']);
    expect(diary).toEqual(desk);
    unmount();
    expect(source.closed).toBe(true);
  });
});
