import type { StaffSession } from '@servery/contract/staff';
import { adminApi } from '../admin-api.ts';

const signInApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    askStaffCode: build.mutation<{ message: string }, { email: string }>({
      query: (body) => ({ url: '/session/code', method: 'POST', body }),
    }),
    signInStaff: build.mutation<StaffSession, { email: string; otp: string }>({
      query: (body) => ({ url: '/session', method: 'POST', body }),
      transformResponse: (body: { data: StaffSession }) => body.data,
      // Everything cached belonged to whoever was signed in before.
      async onQueryStarted(_, { dispatch, queryFulfilled }) {
        // A refused code is the caller's to show; only a sign-in changes the cache.
        const result = await queryFulfilled.catch(() => null);
        if (!result) return;
        dispatch(adminApi.util.resetApiState());
        dispatch(adminApi.util.upsertQueryData('session', undefined, result.data));
      },
    }),
    signOutStaff: build.mutation<void, void>({
      query: () => ({ url: '/session', method: 'DELETE' }),
      async onQueryStarted(_, { dispatch, queryFulfilled }) {
        await queryFulfilled.catch(() => {});
        dispatch(adminApi.util.resetApiState());
      },
    }),
  }),
});

export const { useAskStaffCodeMutation, useSignInStaffMutation, useSignOutStaffMutation } =
  signInApi;
