import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
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

function Board({ onEvent }: { onEvent: (kind: string) => void }) {
  return <p>Board {useLiveEvents(onEvent)}</p>;
}

describe('the staff live stream', () => {
  it("hears an order's payment news, as the desk refetches on every order event", () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    const heard: string[] = [];
    render(<Board onEvent={(kind) => heard.push(kind)} />);
    const source = FakeEventSource.opened[0]!;
    expect(source.url).toBe('/api/admin/events');
    act(() => {
      source.dispatchEvent(new Event('open'));
      source.dispatchEvent(new MessageEvent('order.payment', { data: '{"id":9}' }));
      source.dispatchEvent(new MessageEvent('order.status', { data: '{"id":10}' }));
    });
    expect(screen.getByText('Board live')).toBeTruthy();
    expect(heard).toEqual(['order.payment', 'order.status']);
  });
});
