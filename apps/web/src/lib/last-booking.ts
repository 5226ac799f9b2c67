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
}

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
