import type {
  AutomationPatch,
  StoreAutomation,
  StoreZones,
  ZonePreview,
  ZonesPut,
} from '@servery/contract/shop-editor';
import { adminApi } from '../admin-api.ts';

/** A store's delivery zones and its capacity and automation (issue 28). */
const storeSettingsApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    storeZones: build.query<StoreZones, string>({
      query: (id) => `/stores/${id}/zones`,
      transformResponse: (body: { data: StoreZones }) => body.data,
      providesTags: ['Shop'],
    }),
    putZones: build.mutation<{ message: string; data: StoreZones }, ZonesPut & { id: string }>({
      query: ({ id, ...body }) => ({ url: `/stores/${id}/zones`, method: 'PUT', body }),
      invalidatesTags: ['Shop', 'Audit'],
    }),
    zonePreview: build.query<
      { message: string; data: ZonePreview },
      { id: string; postcode: string }
    >({
      query: ({ id, postcode }) =>
        `/stores/${id}/zones/preview?postcode=${encodeURIComponent(postcode)}`,
      providesTags: ['Shop'],
    }),
    storeAutomation: build.query<StoreAutomation, string>({
      query: (id) => `/stores/${id}/automation`,
      transformResponse: (body: { data: StoreAutomation }) => body.data,
      providesTags: ['Shop'],
    }),
    patchAutomation: build.mutation<
      { message: string; data: StoreAutomation },
      AutomationPatch & { id: string }
    >({
      query: ({ id, ...body }) => ({ url: `/stores/${id}/automation`, method: 'PATCH', body }),
      invalidatesTags: ['Shop', 'Audit', 'Service'],
    }),
  }),
});

export const {
  useStoreZonesQuery,
  usePutZonesMutation,
  useLazyZonePreviewQuery,
  useStoreAutomationQuery,
  usePatchAutomationMutation,
} = storeSettingsApi;
