import type {
  BookingChange,
  BookingStatusChange,
  BookingUndo,
  CloseoutRequest,
  DiaryBooking,
  DiaryCloseout,
  DiaryDay,
  StaffBookingInput,
} from '@servery/contract/diary';
import { adminApi } from '../admin-api.ts';

const diaryApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    diaryDay: build.query<DiaryDay, string>({
      query: (date) => `/bookings?date=${encodeURIComponent(date)}`,
      transformResponse: (body: { data: DiaryDay }) => body.data,
      providesTags: ['Booking'],
    }),
    moveBooking: build.mutation<DiaryBooking, BookingStatusChange & { id: string }>({
      query: ({ id, ...body }) => ({ url: `/bookings/${id}/status`, method: 'POST', body }),
      transformResponse: (body: { data: DiaryBooking }) => body.data,
      invalidatesTags: ['Booking'],
    }),
    /** Takes back a one-tap move or a no-show, named by its status and moment (decision 78). */
    undoBookingMove: build.mutation<DiaryBooking, BookingUndo & { id: string }>({
      query: ({ id, ...body }) => ({ url: `/bookings/${id}/undo`, method: 'POST', body }),
      transformResponse: (body: { data: DiaryBooking }) => body.data,
      invalidatesTags: ['Booking'],
    }),
    changeBooking: build.mutation<DiaryBooking, BookingChange & { id: string }>({
      query: ({ id, ...body }) => ({ url: `/bookings/${id}`, method: 'PATCH', body }),
      transformResponse: (body: { data: DiaryBooking }) => body.data,
      invalidatesTags: ['Booking'],
    }),
    addBooking: build.mutation<DiaryBooking, StaffBookingInput>({
      query: (body) => ({ url: '/bookings', method: 'POST', body }),
      transformResponse: (body: { data: DiaryBooking }) => body.data,
      invalidatesTags: ['Booking'],
    }),
    addCloseout: build.mutation<DiaryCloseout, CloseoutRequest>({
      query: (body) => ({ url: '/closeouts', method: 'POST', body }),
      transformResponse: (body: { data: DiaryCloseout }) => body.data,
      invalidatesTags: ['Booking'],
    }),
    removeCloseout: build.mutation<DiaryCloseout, string>({
      query: (id) => ({ url: `/closeouts/${id}`, method: 'DELETE' }),
      transformResponse: (body: { data: DiaryCloseout }) => body.data,
      invalidatesTags: ['Booking'],
    }),
  }),
});

export const {
  useDiaryDayQuery,
  useMoveBookingMutation,
  useUndoBookingMoveMutation,
  useChangeBookingMutation,
  useAddBookingMutation,
  useAddCloseoutMutation,
  useRemoveCloseoutMutation,
} = diaryApi;
