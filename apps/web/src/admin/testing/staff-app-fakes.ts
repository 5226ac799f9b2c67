import type { DeskOrder } from '@servery/contract/desk';
import type { DiaryBooking } from '@servery/contract/diary';
import type { StaffSession } from '@servery/contract/staff';
import { ROLE_PERMISSIONS, type StaffRole } from '@servery/contract/staff-roles';
import { vi } from 'vitest';
import type { WireAnswer } from '../../lib/testing/api-wire.ts';

/** For web tests of the staff application: the browser parts jsdom lacks, as a board uses them. */
export class FakeEventSource extends EventTarget {
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

/** Web Audio as the chime uses it: the notes are made and scheduled, never heard. */
class FakeAudioContext {
  currentTime = 0;
  destination = {};
  state = 'suspended';
  async resume() {
    this.state = 'running';
  }
  async close() {
    this.state = 'closed';
  }
  createOscillator() {
    return { frequency: { value: 0 }, connect: (n: unknown) => n, start() {}, stop() {} };
  }
  createGain() {
    const gain = { setValueAtTime() {}, exponentialRampToValueAtTime() {} };
    return { gain, connect: (n: unknown) => n };
  }
}

/** Installs the fakes; answers the wake-lock requests made. Undo with vi.unstubAllGlobals(). */
export function stubStaffBrowser() {
  FakeEventSource.opened = [];
  window.__serveryChimes = 0;
  vi.stubGlobal('EventSource', FakeEventSource);
  vi.stubGlobal('AudioContext', FakeAudioContext);
  const wakeLocks: string[] = [];
  vi.stubGlobal('navigator', {
    ...navigator,
    wakeLock: {
      request: async (type: string) => {
        wakeLocks.push(type);
        return { released: false, release: async () => {} };
      },
    },
  });
  // Notifications refused: nothing is asked, nothing subscribed.
  vi.stubGlobal('Notification', { permission: 'denied', requestPermission: async () => 'denied' });
  return { wakeLocks };
}

export const staffSession = (role: StaffRole): StaffSession => ({
  staff: { id: 's1', email: 'priya@shop.test', name: 'Priya Shah', role },
  permissions: [...ROLE_PERMISSIONS[role]],
  stores: [{ id: 'st1', name: 'Camden' }],
  whole_shop: true,
  shop: { name: 'Tandoor Lane', timeZone: 'Europe/London', auto_reject_minutes: 10 },
  expires_at: '2099-01-01T00:00:00.000Z',
});

export const ok = (data: unknown): WireAnswer => ({
  status: 200,
  body: { status: 200, message: 'OK', data },
});

/** A collection order of the desk, placed at `placedAt` unless changed. */
export function deskOrder(number: number, change: Partial<DeskOrder> = {}): DeskOrder {
  const placedAt = change.created_at ?? '2026-11-24T18:00:00.000Z';
  return {
    id: `o${number}`,
    number,
    status: 'placed',
    store: { id: 'st1', name: 'Camden' },
    order_type: 'collection',
    asap: true,
    scheduled_for: '2026-11-24T18:30:00.000Z',
    promised_at: null,
    ride_minutes: null,
    lines: [
      {
        name: 'Poppadoms',
        quantity: 2,
        modifier_names: [],
        note: '',
        line_total: 300,
        allergens: null,
      },
    ],
    notes: '',
    subtotal: 300,
    delivery_fee: 0,
    discount: 0,
    total: 2790,
    currency: 'GBP',
    customer: { name: 'Amira Okafor', phone: null, email: null },
    address: null,
    payment: { method: 'cash', status: 'pay_on_collection', paid: false, to_collect: 2790 },
    status_history: [{ status: 'placed', at: placedAt }],
    created_at: placedAt,
    print_count: 0,
    next: ['accepted', 'rejected'],
    ...change,
  };
}

/**
 * Order #1042 just marked ready by the kitchen, and the same order completed: the desk's undo
 * tests (decision 65) take back such moves through UNDO_1042.
 */
export const readyOrder = (at = '2026-11-24T18:00:00.000Z') =>
  deskOrder(1042, {
    status: 'ready',
    next: ['completed'],
    status_history: [
      { status: 'placed', at },
      { status: 'accepted', at },
      { status: 'ready', at },
    ],
  });
/** #1042 completed a minute after it was ready: the move the desk's undo tests take back. */
export const completedOrder = () => {
  const ready = readyOrder();
  return {
    ...ready,
    status: 'completed' as const,
    next: [],
    status_history: [
      ...ready.status_history,
      { status: 'completed' as const, at: COMPLETED_1042_AT, by: 'priya@shop.test' },
    ],
  };
};
export const COMPLETED_1042_AT = '2026-11-24T18:01:00.000Z';
export const UNDO_1042 = '/api/admin/orders/o1042/undo-move';

/** A booking as the diary's day answers it: Priya Shah's four at 7 pm, booked, on 27 November 2026. */
export const diaryBooking = (overrides: Partial<DiaryBooking> = {}): DiaryBooking => ({
  id: 'b1',
  date: '2026-11-27',
  time: '07:00 PM',
  people: '4',
  covers: 4,
  name: 'Priya Shah',
  phone: '07700900123',
  email: 'priya@example.com',
  message: 'Window, please',
  status: 'confirmed',
  source: 'online',
  note: null,
  over_capacity: false,
  created_at: '2026-11-20T10:00:00.000Z',
  next: ['arrived', 'seated', 'no_show', 'cancelled'],
  // 7:00 pm in London on 27 November (GMT) is 19:00 UTC.
  no_show_from: '2026-11-27T19:15:00.000Z',
  undo_no_show_until: null,
  undo_until: null,
  undo_back_to: null,
  moved_at: null,
  ...overrides,
});
