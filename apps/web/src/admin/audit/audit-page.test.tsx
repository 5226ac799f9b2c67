import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AuditEntry } from '@servery/contract/staff';
import { renderStaffScreen } from '../testing/render-staff-screen.tsx';
import { ok } from '../testing/staff-app-fakes.ts';
import { AuditPage } from './audit-page.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The log's entries (each may hold lists of its own: a list's changes). */
async function entries() {
  const log = await screen.findByRole('list', { name: 'Changes, newest first' });
  await within(log).findAllByRole('listitem');
  return [...log.children] as HTMLElement[];
}

const entry = (id: number, change: Partial<AuditEntry>): AuditEntry => ({
  id,
  at: '2026-11-24T22:05:00.000Z',
  actor: { id: 'u1', email: 'mo@shop.test', role: 'manager' },
  action: 'order.refunded',
  entity: 'order',
  entity_id: '0b7e8c1a-5d2f-4c3b-9a1e-6f4d2c8b7a90',
  label: null,
  before: null,
  after: null,
  request_id: null,
  ip: null,
  ...change,
});

// The owner reads what staff changed by the names they know, not by ids.
describe('the audit log', () => {
  it('names each thing as staff know it, and its id only when nothing names it', async () => {
    renderStaffScreen(
      { path: '/admin/audit', routePath: '/admin/audit', element: <AuditPage /> },
      'owner',
      {
        '/api/admin/audit': ok([
          entry(3, { label: '#1042' }),
          entry(2, { action: 'category.update', entity: 'menu_category', label: 'Starters' }),
          entry(1, { action: 'item.update', entity: 'menu_item', label: null }),
        ]),
      },
    );
    const rows = await entries();
    expect(rows.map((r) => within(r).getAllByRole('paragraph')[0]!.textContent)).toEqual([
      'order refunded · #1042',
      'category update · Starters',
      'item update · menu item 0b7e8c1a',
    ]);
    // On the shop's clock (London), not the tablet's.
    expect(rows[0]!.textContent).toContain('24 Nov 2026, 10:05 PM');
  });

  it('filters dishes by the entity the server records for them', async () => {
    const user = userEvent.setup();
    const wire = renderStaffScreen(
      { path: '/admin/audit', routePath: '/admin/audit', element: <AuditPage /> },
      'owner',
      { '/api/admin/audit': ok([]) },
    );
    await screen.findByText('Nothing has been changed yet.');
    await user.selectOptions(screen.getByLabelText('What changed'), 'Dishes');
    await vi.waitFor(() => expect(wire.sent.at(-1)?.query).toMatchObject({ entity: 'menu_item' }));
    for (const name of ['Menu categories', 'Promo codes', 'Orders', 'Staff']) {
      expect(screen.getByRole('option', { name })).toBeTruthy();
    }
  });

  it('shows what changed in the owner’s words: money, the shop’s clock, store names, ids whole', async () => {
    const refundId = 'c0ffee00-1234-4abc-9def-0123456789ab';
    renderStaffScreen(
      { path: '/admin/audit', routePath: '/admin/audit', element: <AuditPage /> },
      'owner',
      {
        '/api/admin/audit': ok([
          entry(3, {
            label: '#1001',
            before: { refunded: 0 },
            after: { refunded: 295, refund_id: refundId, amount: 295, method: 'card' },
          }),
          entry(2, {
            action: 'order.accepted',
            label: '#1002',
            before: { status: 'placed', promised_at: null },
            after: {
              status: 'accepted',
              promised_at: '2026-11-29T16:16:50.425Z',
              payment: 'capture_pending',
            },
          }),
          entry(1, {
            action: 'staff.updated',
            entity: 'staff',
            label: 'Sam',
            before: { store_ids: ['st1'], gift_note: null },
            after: { store_ids: ['st1', 'st-gone'], gift_note: 'hello' },
          }),
        ]),
      },
    );
    const rows = await entries();
    const lines = (row: HTMLElement) =>
      within(row)
        .getAllByRole('term')
        .map((term) => `${term.textContent}: ${term.nextElementSibling!.textContent}`);
    // The deleted value then the new one, as the row reads them.
    expect(lines(rows[0]!)).toEqual([
      'Refunded in all: £0.00£2.95',
      `Refund id: ${refundId}`,
      'Amount: £2.95',
      'Method: card',
    ]);
    expect(within(rows[0]!).getByText(refundId).tagName).toBe('CODE');
    expect(lines(rows[1]!)).toEqual([
      'Status: placedaccepted',
      'Promised for: none29 Nov 2026, 4:16 PM',
      'Payment: capture pending',
    ]);
    // A key the log does not know yet still shows, in words, its value as recorded.
    expect(lines(rows[2]!)).toEqual([
      'Stores: CamdenCamden, a store no longer listed',
      'Gift note: nullhello',
    ]);
    expect(rows.map((r) => r.textContent).join(' ')).not.toMatch(/promised_at|refund_id|st-gone/);
  });

  it('says what changed in a list, entry by entry, not the list before and after', async () => {
    const zone = (area: string, fee: number) => ({
      area,
      fee,
      minimum_order: 1500,
      travel_minutes: null,
    });
    renderStaffScreen(
      { path: '/admin/audit', routePath: '/admin/audit', element: <AuditPage /> },
      'owner',
      {
        '/api/admin/audit': ok([
          entry(2, {
            action: 'store.zones',
            entity: 'store',
            label: 'Camden',
            before: { zones: [zone('E1', 250), zone('E2', 250)], version: 1 },
            after: { zones: [zone('E1', 250), zone('E2', 299), zone('E3', 299)], version: 2 },
          }),
          entry(1, {
            action: 'store.hours',
            entity: 'store',
            label: 'Camden',
            before: { monday: [{ opens: '12:00', closes: '22:00' }] },
            after: {
              monday: [
                { opens: '12:00', closes: '14:30' },
                { opens: '17:00', closes: '22:00' },
              ],
            },
          }),
        ]),
      },
    );
    const [zones, hours] = await entries();
    // Each field's term, then its value or its list's lines.
    const read = (row: HTMLElement) =>
      within(row)
        .getAllByRole('term')
        .map((term) => {
          const value = term.nextElementSibling as HTMLElement;
          const lines = within(value).queryAllByRole('listitem');
          const said = lines.length
            ? lines.map((line) => line.textContent).join(' | ')
            : value.textContent;
          return `${term.textContent}: ${said}`;
        });
    expect(read(zones!)).toEqual([
      'Delivery zones: E2: £2.50 → £2.99 | Added E3 · £2.99 · min £15.00',
      'Version: 12',
    ]);
    expect(read(hours!)).toEqual(['Opening hours: Mon: 12:00–22:00 → 12:00–14:30, 17:00–22:00']);
    // Nothing of the recorded JSON reaches the screen.
    expect(zones!.textContent + hours!.textContent).not.toMatch(/[{}[\]"]|minimum_order|monday/);
  });

  it('reads a close-out as a UK date and the times every staff screen prints', async () => {
    renderStaffScreen(
      { path: '/admin/audit', routePath: '/admin/audit', element: <AuditPage /> },
      'owner',
      {
        '/api/admin/audit': ok([
          entry(1, {
            action: 'closeout.created',
            entity: 'closeout',
            label: '24 Dec 2026, 12:00 PM – 3:00 PM',
            after: { date: '2026-12-24', from: '12:00', until: '15:00', reason: 'Private party' },
          }),
        ]),
      },
    );
    const [closeout] = await entries();
    const lines = within(closeout!)
      .getAllByRole('term')
      .map((term) => `${term.textContent}: ${term.nextElementSibling!.textContent}`);
    expect(lines).toEqual([
      'Date: 24 Dec 2026',
      'From: 12:00 PM',
      'Until: 3:00 PM',
      'Reason: Private party',
    ]);
    expect(closeout!.textContent).not.toMatch(/2026-12-24|15:00/);
  });
});
