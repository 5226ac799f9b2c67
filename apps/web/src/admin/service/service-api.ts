import type { OrderType } from '@servery/contract/menu';
import type {
  AvailabilityRequest,
  HoursRequest,
  OptionAvailability,
  ServiceItem,
  ServiceStore,
  ShopPatch,
  ShopSwitches,
  SpecialDay,
} from '@servery/contract/service';
import { adminApi } from '../admin-api.ts';

/** The Service screen's calls (issue 15): one store's controls and its menu's switches. */
const serviceApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    serviceStores: build.query<ServiceStore[], void>({
      query: () => '/stores',
      transformResponse: (body: { data: ServiceStore[] }) => body.data,
      providesTags: ['Service'],
    }),
    serviceMenu: build.query<ServiceItem[], string>({
      query: (storeId) => `/stores/${storeId}/menu`,
      transformResponse: (body: { data: ServiceItem[] }) => body.data,
      providesTags: ['Menu'],
    }),
    setItemAvailability: build.mutation<ServiceItem, AvailabilityRequest & { id: string }>({
      query: ({ id, ...body }) => ({ url: `/items/${id}/availability`, method: 'POST', body }),
      transformResponse: (body: { data: ServiceItem }) => body.data,
      invalidatesTags: ['Menu'],
    }),
    setOptionAvailability: build.mutation<OptionAvailability, AvailabilityRequest & { id: string }>(
      {
        query: ({ id, ...body }) => ({ url: `/options/${id}/availability`, method: 'POST', body }),
        transformResponse: (body: { data: OptionAvailability }) => body.data,
        invalidatesTags: ['Menu'],
      },
    ),
    pauseStore: build.mutation<
      ServiceStore,
      { id: string; order_types: OrderType[]; minutes: number; message?: string }
    >({
      query: ({ id, ...body }) => ({ url: `/stores/${id}/pause`, method: 'POST', body }),
      transformResponse: (body: { data: ServiceStore }) => body.data,
      invalidatesTags: ['Service'],
    }),
    resumeStore: build.mutation<ServiceStore, string>({
      query: (id) => ({ url: `/stores/${id}/pause`, method: 'DELETE' }),
      transformResponse: (body: { data: ServiceStore }) => body.data,
      invalidatesTags: ['Service'],
    }),
    setBusy: build.mutation<ServiceStore, { id: string; extra_minutes: number; minutes?: number }>({
      query: ({ id, ...body }) => ({ url: `/stores/${id}/busy`, method: 'POST', body }),
      transformResponse: (body: { data: ServiceStore }) => body.data,
      invalidatesTags: ['Service'],
    }),
    saveHours: build.mutation<ServiceStore, HoursRequest & { id: string }>({
      query: ({ id, ...body }) => ({ url: `/stores/${id}/hours`, method: 'PUT', body }),
      transformResponse: (body: { data: ServiceStore }) => body.data,
      invalidatesTags: ['Service'],
    }),
    saveSpecialDays: build.mutation<ServiceStore, { id: string; special_days: SpecialDay[] }>({
      query: ({ id, ...body }) => ({ url: `/stores/${id}/special-days`, method: 'PUT', body }),
      transformResponse: (body: { data: ServiceStore }) => body.data,
      invalidatesTags: ['Service'],
    }),
    shopSwitches: build.query<ShopSwitches, void>({
      query: () => '/shop',
      transformResponse: (body: { data: ShopSwitches }) => body.data,
      providesTags: ['Shop'],
    }),
    patchShop: build.mutation<ShopSwitches, ShopPatch>({
      query: (body) => ({ url: '/shop', method: 'PATCH', body }),
      transformResponse: (body: { data: ShopSwitches }) => body.data,
      invalidatesTags: ['Shop'],
    }),
  }),
});

export const {
  useSaveHoursMutation,
  useSaveSpecialDaysMutation,
  useShopSwitchesQuery,
  usePatchShopMutation,
  useServiceStoresQuery,
  useServiceMenuQuery,
  useSetItemAvailabilityMutation,
  useSetOptionAvailabilityMutation,
  usePauseStoreMutation,
  useResumeStoreMutation,
  useSetBusyMutation,
} = serviceApi;
