import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubApiWire, type Wire } from '../../lib/testing/api-wire.ts';
import { AdminApp } from '../admin-app.tsx';
import {
  deskOrder,
  FakeEventSource,
  ok,
  staffSession,
  stubStaffBrowser,
} from '../testing/staff-app-fakes.ts';

// Decision 59: an order's live event brings that order, not every open order again.
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const deskPage = (orders: ReturnType<typeof deskOrder>[]) => ok({ orders, next_cursor: null });
/** The order numbers on the board, in the board's order. */
const onBoard = () =>
  screen
    .queryAllByRole('listitem')
    .map((li) => /#(\d+)/.exec(li.textContent ?? '')?.[1])
    .filter(Boolean)
    .map(Number);
/** The desk's reads of the orders so far: `all`, or the ids asked for. */
const ordersAsked = (wire: Wire) =>
  wire.sent.filter((s) => s.path === '/api/admin/orders').map((s) => s.query?.ids ?? 'all');

function openDesk() {
  render(
    <MemoryRouter initialEntries={['/admin/desk']}>
      <Routes>
        <Route path="/admin/*" element={<AdminApp />} />
      </Routes>
    </MemoryRouter>,
  );
}

/**
 * The live stream opens, and the desk reads its open orders again (decision 62): what it read
 * before the server took the stream may have missed an order. Settled before the test goes on.
 */
async function streamOpens(wire: Wire) {
  const asked = ordersAsked(wire).length;
  act(() => void FakeEventSource.opened[0]!.dispatchEvent(new Event('open')));
  await waitFor(() => expect(ordersAsked(wire)).toHaveLength(asked + 1));
  expect(ordersAsked(wire).at(-1)).toBe('all');
  await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
}

/** The answer to the first print of order `number`: its ticket, counted once. */
const printedOnce = (number: number) =>
  ok({
    order: deskOrder(number, { print_count: 1 }),
    shop_name: 'Tandoor Lane',
    reprint: false,
    print_count: 1,
    printed_at: '2026-11-24T18:05:00.000Z',
  });

/** A desk with `orders` open, whose print of order 1001 answers its first ticket. */
function printingDesk(orders: ReturnType<typeof deskOrder>[]) {
  stubStaffBrowser();
  vi.stubGlobal('print', vi.fn());
  return stubApiWire({
    '/api/admin/session': ok(staffSession('staff')),
    '/api/admin/orders': deskPage(orders),
    '/api/admin/orders/o1001/print': printedOnce(1001),
  });
}

function eventAbout(kind: string, orderId: string) {
  const stream = FakeEventSource.opened[0]!;
  act(() => {
    stream.dispatchEvent(new MessageEvent(kind, { data: JSON.stringify({ entity_id: orderId }) }));
  });
}

describe("the desk's open orders on live events", () => {
  it('reads only the order an event names, puts it in, and takes it off once closed', async () => {
    stubStaffBrowser();
    const wire = stubApiWire({
      '/api/admin/session': ok(staffSession('staff')),
      '/api/admin/orders': deskPage([deskOrder(1001), deskOrder(1002)]),
    });
    openDesk();
    await waitFor(() => expect(onBoard()).toEqual([1001, 1002]));
    await streamOpens(wire);

    // A new order: the answer to `ids` is that order alone, and the others stay.
    wire.answers['/api/admin/orders'] = deskPage([
      deskOrder(1003, { scheduled_for: '2026-11-24T18:00:00.000Z' }),
    ]);
    eventAbout('order.created', 'o1003');
    await waitFor(() => expect(onBoard()).toEqual([1003, 1001, 1002]));
    expect(ordersAsked(wire)).toEqual(['all', 'all', 'o1003']);

    // Completed at another board: it leaves this one.
    wire.answers['/api/admin/orders'] = deskPage([deskOrder(1001, { status: 'completed' })]);
    eventAbout('order.status', 'o1001');
    await waitFor(() => expect(onBoard()).toEqual([1003, 1002]));
    // An order that no longer comes back (another store's now) leaves too.
    wire.answers['/api/admin/orders'] = deskPage([]);
    eventAbout('order.status', 'o1002');
    await waitFor(() => expect(onBoard()).toEqual([1003]));
    expect(ordersAsked(wire)).toEqual(['all', 'all', 'o1003', 'o1001', 'o1002']);

    // After a reconnect the whole list is read again.
    wire.answers['/api/admin/orders'] = deskPage([deskOrder(1003), deskOrder(1004)]);
    act(() => {
      FakeEventSource.opened[0]!.dispatchEvent(new Event('error'));
      FakeEventSource.opened[0]!.dispatchEvent(new Event('open'));
    });
    await waitFor(() => expect(onBoard()).toEqual([1003, 1004]));
    expect(ordersAsked(wire).at(-1)).toBe('all');
  });

  it('reads the whole list again when the read of the named orders fails', async () => {
    stubStaffBrowser();
    const wire = stubApiWire({
      '/api/admin/session': ok(staffSession('staff')),
      '/api/admin/orders': deskPage([deskOrder(1001)]),
    });
    openDesk();
    await waitFor(() => expect(onBoard()).toEqual([1001]));
    await streamOpens(wire);
    wire.answers['/api/admin/orders'] = {
      status: 500,
      body: { status: 500, message: 'Something went wrong', data: null },
    };
    eventAbout('order.created', 'o1002');
    await waitFor(() => expect(ordersAsked(wire)).toEqual(['all', 'all', 'o1002', 'all']));
    // The board keeps what it had and says the read failed.
    expect(onBoard()).toEqual([1001]);
  });

  it("puts a printed order's count on the board, and reads that order alone when the print is refused", async () => {
    const wire = printingDesk([deskOrder(1001), deskOrder(1002)]);
    openDesk();
    await waitFor(() => expect(onBoard()).toEqual([1001, 1002]));
    await streamOpens(wire);
    const [first, second] = screen.getAllByRole('button', { name: 'Print ticket' });

    fireEvent.click(first!);
    await screen.findByText('Printed once');
    expect(screen.getByRole('button', { name: 'Reprint ticket' })).toBeTruthy();
    // The ticket's count went in: no read of the open orders followed the print.
    expect(ordersAsked(wire)).toEqual(['all', 'all']);

    // The order went to another store meanwhile: the print is refused, and that order alone
    // is read (it no longer comes back, so it leaves the board).
    wire.answers['/api/admin/orders'] = deskPage([]);
    fireEvent.click(second!);
    await waitFor(() => expect(onBoard()).toEqual([1001]));
    expect(ordersAsked(wire)).toEqual(['all', 'all', 'o1002']);
  });

  it('asks for the open orders beside the session, and again once the stream is open', async () => {
    stubStaffBrowser();
    const wire = stubApiWire({
      '/api/admin/session': ok(staffSession('staff')),
      '/api/admin/orders': deskPage([deskOrder(1001)]),
    });
    // The staff application is opened at the desk's address (the router's is in memory).
    window.history.pushState({}, '', '/admin/desk');
    openDesk();
    window.history.pushState({}, '', '/');
    // The orders were asked for before the session's answer was known.
    await waitFor(() => expect(onBoard()).toEqual([1001]));
    expect(wire.sent.map((s) => s.path).slice(0, 2)).toEqual([
      '/api/admin/orders',
      '/api/admin/session',
    ]);
    // An order placed after that read, before the server took the stream: no event names it,
    // and the read on the stream's opening puts it on the board.
    wire.answers['/api/admin/orders'] = deskPage([deskOrder(1001), deskOrder(1002)]);
    await streamOpens(wire);
    await waitFor(() => expect(onBoard()).toEqual([1001, 1002]));
  });

  it('reads the list again after a print that came while a whole read was on its way', async () => {
    const wire = printingDesk([deskOrder(1001), deskOrder(1002)]);
    openDesk();
    await waitFor(() => expect(onBoard()).toEqual([1001, 1002]));
    // The stream opens, and its read of the whole list is slow: it was read before the print.
    let release = () => {};
    wire.answers['/api/admin/orders'] = {
      ...deskPage([deskOrder(1001), deskOrder(1002)]),
      after: new Promise<void>((resolve) => (release = resolve)),
    };
    act(() => void FakeEventSource.opened[0]!.dispatchEvent(new Event('open')));
    await waitFor(() => expect(ordersAsked(wire)).toEqual(['all', 'all']));

    fireEvent.click(screen.getAllByRole('button', { name: 'Print ticket' })[0]!);
    await screen.findByText('Printed once');
    wire.answers['/api/admin/orders'] = deskPage([
      deskOrder(1001, { print_count: 1 }),
      deskOrder(1002),
    ]);
    release();
    // The slow answer comes in, then the list is read again: the print stays shown.
    await waitFor(() => expect(ordersAsked(wire)).toEqual(['all', 'all', 'all']));
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(screen.getByText('Printed once')).toBeTruthy();
  });

  it("puts a late print's count into the order on the board, not the order as it was when printed", async () => {
    const wire = printingDesk([deskOrder(1001)]);
    let release = () => {};
    wire.answers['/api/admin/orders/o1001/print'] = {
      ...printedOnce(1001),
      after: new Promise<void>((resolve) => (release = resolve)),
    };
    openDesk();
    await waitFor(() => expect(onBoard()).toEqual([1001]));
    await streamOpens(wire);
    fireEvent.click(screen.getByRole('button', { name: 'Print ticket' }));
    // Accepted at another desk while the print's answer is on its way.
    wire.answers['/api/admin/orders'] = deskPage([
      deskOrder(1001, { status: 'accepted', promised_at: '2026-11-24T18:40:00.000Z' }),
    ]);
    eventAbout('order.status', 'o1001');
    await screen.findByText(/^Ready by/);
    release();
    await screen.findByText('Printed once');
    expect(screen.getByText(/^Ready by/)).toBeTruthy();
  });

  it("keeps a print's count when an event's read, asked before the print, answers after it", async () => {
    const wire = printingDesk([deskOrder(1001)]);
    openDesk();
    await waitFor(() => expect(onBoard()).toEqual([1001]));
    await streamOpens(wire);
    // An event names the order, and the read it makes is slow: it was read before the print.
    let release = () => {};
    wire.answers['/api/admin/orders'] = {
      ...deskPage([deskOrder(1001, { notes: 'No onions' })]),
      after: new Promise<void>((resolve) => (release = resolve)),
    };
    eventAbout('order.status', 'o1001');
    await waitFor(() => expect(ordersAsked(wire).at(-1)).toBe('o1001'));
    fireEvent.click(screen.getByRole('button', { name: 'Print ticket' }));
    await screen.findByText('Printed once');
    release();
    // The read's news goes in (its note), and the print it did not know of stays: a print sends
    // no event that would mend it, and the desk would offer "Print ticket" again.
    await screen.findByText(/No onions/);
    expect(screen.getByText('Printed once')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reprint ticket' })).toBeTruthy();
  });
});
