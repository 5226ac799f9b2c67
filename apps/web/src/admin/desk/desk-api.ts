import type { OrderHistoryPage } from '@servery/contract/back-office-shapes';
import type { DeskOrder, KitchenTicket, OrderStatusChange } from '@servery/contract/desk';
import { adminApi } from '../admin-api.ts';

const deskApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    /**
     * Every open order: the list answers a page at a time, newest first (issue 27 point 7), so
     * the desk follows the pages to the end and shows them soonest first.
     */
    deskOrders: build.query<DeskOrder[], void>({
      async queryFn(_arg, _api, _options, fetchPage) {
        const all: DeskOrder[] = [];
        let cursor: string | null = null;
        do {
          const page = await fetchPage(
            `/orders?limit=200${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
          );
          if (page.error) return { error: page.error };
          const { data } = page.data as { data: OrderHistoryPage };
          all.push(...data.orders);
          cursor = data.next_cursor;
        } while (cursor);
        const when = (o: DeskOrder) => o.scheduled_for;
        all.sort((a, b) => when(a).localeCompare(when(b)) || a.number - b.number);
        return { data: all };
      },
      providesTags: ['Order'],
    }),
    moveOrder: build.mutation<DeskOrder, OrderStatusChange & { id: string }>({
      query: ({ id, ...body }) => ({ url: `/orders/${id}/status`, method: 'POST', body }),
      transformResponse: (body: { data: DeskOrder }) => body.data,
      invalidatesTags: ['Order'],
    }),
    /**
     * Counts a print on the server and answers the ticket (REPRINT from the second print). With
     * `unlessPrinted` (auto-print), an order some device printed already is a 409 instead.
     */
    printTicket: build.mutation<KitchenTicket, { id: string; unlessPrinted?: boolean }>({
      query: ({ id, unlessPrinted }) => ({
        url: `/orders/${id}/print${unlessPrinted ? '?unless_printed=true' : ''}`,
        method: 'POST',
      }),
      transformResponse: (body: { data: KitchenTicket }) => body.data,
      invalidatesTags: ['Order'],
    }),
  }),
});

export const { useDeskOrdersQuery, useMoveOrderMutation, usePrintTicketMutation } = deskApi;
