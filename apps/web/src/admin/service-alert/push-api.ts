import type { PushKey, PushSubscriptionBody } from '@servery/contract/push';
import { adminApi } from '../admin-api.ts';

/** Web Push for this device (docs/decisions/0032): the server's key, and this device's subscription. */
export const pushApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    pushKey: build.query<PushKey, void>({
      query: () => '/push-key',
      transformResponse: (body: { data: PushKey }) => body.data,
    }),
    subscribePush: build.mutation<unknown, PushSubscriptionBody>({
      query: (body) => ({ url: '/push-subscriptions', method: 'POST', body }),
    }),
    unsubscribePush: build.mutation<unknown, { endpoint: string }>({
      query: (body) => ({ url: '/push-subscriptions', method: 'DELETE', body }),
    }),
  }),
});
