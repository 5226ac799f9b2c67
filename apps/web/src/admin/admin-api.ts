import type { StaffSession } from '@servery/contract/staff';
import { createApi, fetchBaseQuery, type FetchBaseQueryError } from '@reduxjs/toolkit/query/react';
import { refusedWith } from '@servery/contract/error-codes';
import { STAFF_SIGNED_IN_COOKIE } from '@servery/contract/staff-roles';
import { serverRefusal } from '../lib/server-error.ts';
import { noteServerDate } from './server-clock.ts';

const fetchAdmin = fetchBaseQuery({ baseUrl: '/api/admin', credentials: 'same-origin' });

/**
 * Whether this browser holds a staff session: the server keeps a readable cookie beside the
 * HttpOnly one, for as long (STAFF_SIGNED_IN_COOKIE, decision 83).
 */
export function holdsStaffSession(): boolean {
  return document.cookie.split(';').some((part) => {
    const name = part.trim().split('=')[0];
    return name === STAFF_SIGNED_IN_COOKIE || name === `__Host-${STAFF_SIGNED_IN_COOKIE}`;
  });
}

/** The server's answer without a session, given without asking it. */
const SIGNED_OUT: FetchBaseQueryError = {
  status: 401,
  data: { status: 401, message: 'Please sign in to the staff application.', data: null },
};

/**
 * The staff application's one client for /api/admin. The session is an HttpOnly cookie the
 * browser sends by itself (same origin); a 401 anywhere means the session ended, and the
 * shell shows the sign-in screen again (admin-app.tsx watches the session query).
 * Each screen injects its endpoints from its own folder.
 */
export const adminApi = createApi({
  reducerPath: 'adminApi',
  // Every answer also sets the server's clock for the screens' countdowns (server-clock.ts).
  baseQuery: async (args, api, extraOptions: object) => {
    const askedAt = Date.now();
    const result = await fetchAdmin(args, api, extraOptions);
    noteServerDate(result.meta?.response?.headers.get('date') ?? null, askedAt, Date.now());
    return result;
  },
  tagTypes: ['Session', 'Staff', 'Audit', 'Order', 'Booking', 'Service', 'Menu', 'Shop'],
  endpoints: (build) => ({
    /**
     * Who is signed in. A browser without the session's hint is signed out: it is not asked,
     * so a signed-out /admin shows the sign-in screen with no 401 in the console (decision 83).
     */
    session: build.query<StaffSession, void>({
      async queryFn(_arg, _api, _options, fetchSession) {
        if (!holdsStaffSession()) return { error: SIGNED_OUT };
        const answer = await fetchSession('/session');
        if (answer.error) return { error: answer.error };
        return { data: (answer.data as { data: StaffSession }).data };
      },
      providesTags: ['Session'],
    }),
  }),
});

export const { useSessionQuery } = adminApi;

/** The server's message from a failed call, or a plain one when the network failed. */
export function adminErrorMessage(error: unknown): string {
  return (
    serverRefusal(error)?.message ??
    'The server could not be reached. Check the connection and try again.'
  );
}

/** Field messages of a 400 answer, keyed by field name. */
export function adminFieldErrors(error: unknown): Record<string, string> {
  return serverRefusal(error)?.errors ?? {};
}

/** Whether a failed call failed because the session has ended. */
export const isSignedOutError = (error: unknown) => refusedWith(error, 'unauthorized');
