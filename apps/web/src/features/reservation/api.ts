import type { Envelope } from '@servery/contract/envelope';
import type { Booking, BookingRequest, ReservationTimings } from '@servery/contract/reservation';
import { api } from '../../lib/api.ts';

/** product.md §7's reservation calls, and the cancel link the confirmation e-mail carries. */
const reservationApi = api
  .enhanceEndpoints({ addTagTypes: ['ReservationTimings', 'Booking'] })
  .injectEndpoints({
    endpoints: (build) => ({
      getReservationTimings: build.query<ReservationTimings, string>({
        query: (date) => ({ url: '/reservation/timings', params: { date } }),
        transformResponse: (response: Envelope<ReservationTimings>) => response.data,
        providesTags: ['ReservationTimings'],
        // Slots fill up while the page is open: a date chosen again asks afresh.
        keepUnusedDataFor: 15,
      }),
      book: build.mutation<Envelope<undefined>, { body: BookingRequest; idempotencyKey: string }>({
        query: ({ body, idempotencyKey }) => ({
          url: '/booking',
          method: 'POST',
          body,
          headers: { 'Idempotency-Key': idempotencyKey },
        }),
        // Booked or refused (a full slot), the times on offer may have changed.
        invalidatesTags: ['ReservationTimings'],
      }),
      getBooking: build.query<Booking, string>({
        query: (token) => `/booking/cancel/${encodeURIComponent(token)}`,
        transformResponse: (response: Envelope<Booking>) => response.data,
        providesTags: (_result, _error, token) => [{ type: 'Booking', id: token }],
      }),
      cancelBooking: build.mutation<Envelope<Booking>, string>({
        query: (token) => ({ url: `/booking/cancel/${encodeURIComponent(token)}`, method: 'POST' }),
        invalidatesTags: (_result, _error, token) => [{ type: 'Booking', id: token }],
      }),
    }),
  });

export const {
  useGetReservationTimingsQuery,
  useBookMutation,
  useGetBookingQuery,
  useCancelBookingMutation,
} = reservationApi;

/** One key per submit attempt, so a repeated request books once (the server honours it). */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // randomUUID needs a secure context; a plain-http deployment still gets 128 random bits.
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) =>
    b.toString(16).padStart(2, '0'),
  ).join('');
}
