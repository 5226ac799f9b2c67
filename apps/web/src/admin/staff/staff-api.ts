import type { CreateStaffRequest, StaffMember, UpdateStaffRequest } from '@servery/contract/staff';
import { adminApi } from '../admin-api.ts';

const staffApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    staffList: build.query<StaffMember[], void>({
      query: () => '/staff',
      transformResponse: (body: { data: StaffMember[] }) => body.data,
      providesTags: ['Staff'],
    }),
    inviteStaff: build.mutation<StaffMember, CreateStaffRequest>({
      query: (body) => ({ url: '/staff', method: 'POST', body }),
      transformResponse: (body: { data: StaffMember }) => body.data,
      invalidatesTags: ['Staff', 'Audit'],
    }),
    updateStaff: build.mutation<StaffMember, UpdateStaffRequest & { id: string }>({
      query: ({ id, ...body }) => ({ url: `/staff/${id}`, method: 'PATCH', body }),
      invalidatesTags: ['Staff', 'Audit', 'Session'],
    }),
    removeStaff: build.mutation<void, string>({
      query: (id) => ({ url: `/staff/${id}`, method: 'DELETE' }),
      invalidatesTags: ['Staff', 'Audit', 'Session'],
    }),
  }),
});

export const {
  useStaffListQuery,
  useInviteStaffMutation,
  useUpdateStaffMutation,
  useRemoveStaffMutation,
} = staffApi;
