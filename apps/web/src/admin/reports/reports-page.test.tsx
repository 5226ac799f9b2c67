import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SalesFigures, SalesReport } from '@servery/contract/back-office-shapes';
import { stubApiWire } from '../../lib/testing/api-wire.ts';
import { createAdminState } from '../admin-state.ts';
import { ok, staffSession } from '../testing/staff-app-fakes.ts';
import { ReportsPage } from './reports-page.tsx';

// jsdom has no canvas: the charting library is replaced by one that keeps what it was given.
const charts = vi.hoisted(() => [] as unknown[][][]);
vi.mock('uplot', () => ({
  default: class {
    constructor(_options: unknown, data: unknown[][]) {
      charts.push(data);
    }
    destroy() {}
  },
}));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  charts.length = 0;
});

// Issue 29 points 1 and 2: at closing time, a manager reads the day's figures beside the day
// before, prints the Z report and takes the CSV for the accountant.
const hours = (busy: Record<number, number>) =>
  Array.from({ length: 24 }, (_, hour) => ({
    hour,
    orders: busy[hour] ?? 0,
    gross: (busy[hour] ?? 0) * 2190,
  }));
const figures = (change: Partial<SalesFigures> = {}): SalesFigures => ({
  from: '2026-11-24',
  to: '2026-11-24',
  orders: 2,
  gross: 4380,
  vat: [{ rate: 20, net: 3650, vat: 730 }],
  discounts: 0,
  delivery_fees: 0,
  refunds: 1095,
  net: 3285,
  cash: 2190,
  card: 1095,
  average: 2190,
  by_hour: hours({ 18: 1, 19: 1 }),
  top_items: [{ name: 'Chicken tikka masala', quantity: 4, gross: 4380 }],
  ...change,
});
const report = (): SalesReport => ({
  ...figures(),
  store_id: null,
  time_zone: 'Europe/London',
  currency: 'GBP',
  previous: figures({
    from: '2026-11-23',
    to: '2026-11-23',
    orders: 1,
    gross: 2190,
    refunds: 0,
    net: 2190,
    cash: 2190,
    card: 0,
    by_hour: hours({ 12: 1 }),
  }),
});

function renderPage(sales: SalesReport = report()) {
  const wire = stubApiWire({
    '/api/admin/session': ok(staffSession('manager')),
    '/api/admin/stores': ok([{ id: 'st1', name: 'Camden' }]),
    '/api/admin/reports/sales': ok(sales),
  });
  render(
    <Provider store={createAdminState()}>
      <ReportsPage />
    </Provider>,
  );
  return wire;
}

describe('the reports screen', () => {
  it('shows the day’s figures with the day before beside them, VAT by rate and top dishes', async () => {
    renderPage();
    const net = await screen.findByTestId('figure-net');
    expect(net.textContent).toBe('£32.85');
    expect(net.parentElement!.textContent).toContain('Before: £21.90');
    expect(screen.getByTestId('figure-refunds').textContent).toBe('£10.95');
    expect(screen.getByTestId('figure-cash').textContent).toBe('£21.90');
    expect(screen.getByTestId('figure-orders').textContent).toBe('2');
    const vat = screen.getByRole('region', { name: 'VAT by rate' });
    expect(within(vat).getByRole('row', { name: '20% £36.50 £7.30' })).toBeTruthy();
    const top = screen.getByRole('region', { name: 'Top dishes' });
    expect(top.textContent).toContain('4 × Chicken tikka masala£43.80');
  });

  it('draws orders by hour for both periods and says them in words', async () => {
    renderPage();
    await screen.findByTestId('figure-net');
    const [xs, now, before] = charts.at(-1)!;
    expect(xs).toHaveLength(24);
    // The trading day's hours from 4:00 AM (decision 80): 6 PM is the 15th, noon the 9th.
    expect(now![14]).toBe(1);
    expect(before![8]).toBe(1);
    // Finding 9 of the walk: the hours as every staff screen prints a time, not "19:00".
    expect(screen.getByText('Orders by hour: 6:00 PM: 1, 7:00 PM: 1')).toBeTruthy();
  });

  it('heads the figures with the period as UK dates: the day, or the week from Monday', async () => {
    const user = userEvent.setup();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-24T20:00:00.000Z'));
    renderPage();
    await screen.findByTestId('figure-net');
    expect(screen.getByText(/· All stores$/).textContent).toBe('Tue 24 Nov 2026 · All stores');
    await user.click(screen.getByRole('button', { name: 'Week' }));
    expect(screen.getByText(/· All stores$/).textContent).toBe(
      'Mon 23 Nov 2026 to Sun 29 Nov 2026 · All stores',
    );
  });

  it('opens after midnight on the evening whose service is still open (decision 80)', async () => {
    // Walk 2 finding 4: Sat 5 Dec 00:15, Shoreditch open till 00:30; Friday's Z report is due.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-12-05T00:15:00.000Z'));
    const wire = renderPage();
    await screen.findByTestId('figure-net');
    expect(screen.getByText(/· All stores$/).textContent).toBe('Fri 4 Dec 2026 · All stores');
    const asked = wire.sent.filter((c) => c.path === '/api/admin/reports/sales').at(-1)!;
    expect(asked.query).toMatchObject({ from: '2026-12-04', to: '2026-12-04' });
    expect(screen.getByText('A day runs from 4:00 AM to 4:00 AM the next morning.')).toBeTruthy();
  });

  it('shows no figures and no print or CSV for a period the server refuses', async () => {
    // Walk 2 finding 7: From 1 Jan 2000 answered 400, and the last period's figures stayed
    // under the new heading with "Print Z report" and the CSV links live.
    const user = userEvent.setup();
    const wire = renderPage();
    await screen.findByTestId('figure-net');
    wire.answers['/api/admin/reports/sales'] = {
      status: 400,
      body: { status: 400, message: 'A report covers at most 366 days.' },
    };
    await user.click(screen.getByRole('button', { name: 'Custom' }));
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2000-01-01' } });
    await screen.findByText('A report covers at most 366 days.');
    expect(screen.getByText(/· All stores$/).textContent).toMatch(/^Sat 1 Jan 2000 to /);
    expect(screen.queryByTestId('figure-net')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Print Z report (80 mm)' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Figures as CSV' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Orders as CSV' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Z report for the ticket printer' })).toBeNull();
  });

  it('says on each card that the period had no orders, and draws no empty chart', async () => {
    // Finding 12 of the walk: a header row alone, an empty card and "Value: --".
    const none = figures({
      orders: 0,
      gross: 0,
      vat: [],
      refunds: 0,
      net: 0,
      cash: 0,
      card: 0,
      average: 0,
      by_hour: hours({}),
      top_items: [],
    });
    renderPage({
      ...report(),
      ...none,
      previous: { ...none, from: '2026-11-23', to: '2026-11-23' },
    });
    await screen.findByTestId('figure-net');
    for (const card of ['VAT by rate', 'Top dishes', 'Orders by hour']) {
      const region = screen.getByRole('region', { name: card });
      expect(within(region).getByText('No orders in this period.'), card).toBeTruthy();
    }
    expect(
      within(screen.getByRole('region', { name: 'VAT by rate' })).queryByRole('table'),
    ).toBeNull();
    expect(charts).toEqual([]);
  });

  it('still draws the previous period’s orders when this one had none', async () => {
    const sales = report();
    renderPage({
      ...sales,
      orders: 0,
      vat: [],
      top_items: [],
      by_hour: hours({}),
    });
    await screen.findByTestId('figure-net');
    const byHour = screen.getByRole('region', { name: 'Orders by hour' });
    expect(within(byHour).getByText('No orders in this period.')).toBeTruthy();
    expect(charts.at(-1)![2]![8]).toBe(1);
  });

  it('asks for a month and one store, and offers CSV of that range', async () => {
    const user = userEvent.setup();
    const wire = renderPage();
    await screen.findByTestId('figure-net');
    await user.click(screen.getByRole('button', { name: 'Month' }));
    await user.selectOptions(screen.getByLabelText('Store'), 'Camden');
    const asked = wire.sent.filter((c) => c.path === '/api/admin/reports/sales').at(-1)!;
    expect(asked.query!.from).toMatch(/^\d{4}-\d{2}-01$/);
    expect(asked.query!.store_id).toBe('st1');
    // The links are the period's own: they come with its figures.
    const csv = (await screen.findByRole('link', { name: 'Figures as CSV' })).getAttribute('href')!;
    expect(csv).toContain(`from=${asked.query!.from}`);
    expect(csv).toContain('store_id=st1');
    expect(csv).toContain('format=csv');
    expect(screen.getByRole('link', { name: 'Orders as CSV' }).getAttribute('href')).toContain(
      'format=orders_csv',
    );
  });

  it('has the Z report ready for the 80 mm printer with the cash to find in the till', async () => {
    renderPage();
    await screen.findByTestId('figure-net');
    const z = screen.getByRole('region', { name: 'Z report for the ticket printer' });
    expect(z.textContent).toContain('Tandoor Lane');
    expect(z.textContent).toContain('Z REPORT Tue 24 Nov 2026');
    expect(z.textContent).toMatch(/Printed \d{1,2} \w{3,4} \d{4}, \d{1,2}:\d{2} [AP]M$/);
    expect(z.textContent).toContain('Cash£21.90');
    expect(z.textContent).toContain('VAT 20% on £36.50£7.30');
  });
});
