import { createApi, fetchBaseQuery } from '@reduxjs/toolkit/query/react';

/** The one client for /api; each feature injects its own endpoints (STYLE.md habit 6). */
export const api = createApi({
  reducerPath: 'api',
  baseQuery: fetchBaseQuery({ baseUrl: '/api' }),
  tagTypes: ['Config', 'Home'],
  endpoints: () => ({}),
});

/** The envelope every answer comes in (SPEC §7). */
export interface Envelope<T> {
  status: number;
  message: string;
  data: T;
}
