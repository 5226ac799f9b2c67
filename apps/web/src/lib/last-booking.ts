import { useSyncExternalStore } from 'react';
import type { BookingRequest } from '@servery/contract/reservation';
import { createExternalStore } from './external-store.ts';

/** Session storage: the booking just made, shown on the home page for the rest of the visit. */
export const LAST_BOOKING_KEY = 'servery:last-booking';

/** The booking as the home page's card shows it: what was asked for, and the server's answer. */
export interface LastBooking {
  date: string;
  time: string;
  number_of_people: string;
  name: string;
  /** The booking answer's message (product.md §7: the answer carries data: null). */
  message: string;
  /** Made here when the booking is answered: the calendar file's UID and DTSTAMP. */
  uid?: string;
  booked_at?: string;
}

/** 128 random bits as hex: randomUUID needs a secure context, a plain-http shop has none. */
const randomId = () =>
  Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) =>
    b.toString(16).padStart(2, '0'),
  ).join('');

function read(): LastBooking | null {
  try {
    const raw = sessionStorage.getItem(LAST_BOOKING_KEY);
    return raw ? (JSON.parse(raw) as LastBooking) : null;
  } catch {
    return null;
  }
}

const store = createExternalStore<LastBooking | null>(
  typeof sessionStorage === 'undefined' ? null : read(),
);

/** Keeps the booking for the visit (a reload keeps it; a new tab or visit does not). */
export function rememberBooking(values: BookingRequest, message: string) {
  const booking: LastBooking = {
    date: values.date,
    time: values.time,
    number_of_people: values.number_of_people,
    name: values.name,
    message,
    uid: `${randomId()}@${location.hostname || 'servery'}`,
    booked_at: new Date().toISOString(),
  };
  try {
    sessionStorage.setItem(LAST_BOOKING_KEY, JSON.stringify(booking));
  } catch {
    // Storage disabled: the card still shows until the page is left.
  }
  store.set(booking);
}

export function forgetBooking() {
  try {
    sessionStorage.removeItem(LAST_BOOKING_KEY);
  } catch {
    // Nothing kept.
  }
  store.set(null);
}

export function useLastBooking(): LastBooking | null {
  return useSyncExternalStore(store.subscribe, store.get, () => null);
}
