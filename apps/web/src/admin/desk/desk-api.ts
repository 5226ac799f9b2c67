import type { OrderHistoryPage } from '@servery/contract/back-office-shapes';
import type { DeskOrder, KitchenTicket, OrderStatusChange } from '@servery/contract/desk';
import { OPEN_ORDER_STATUSES } from '@servery/contract/desk-moves';
import { adminApi } from '../admin-api.ts';

const OPEN: readonly string[] = OPEN_ORDER_STATUSES;

/** The board's order: soonest wanted first, then by number. */
const boardOrder = (a: DeskOrder, b: DeskOrder) =>
  a.scheduled_for.localeCompare(b.scheduled_for) || a.number - b.number;

/**
 * The open orders with `fresh` put in: each named order replaced or added while it is open,
 * and taken off once it is not (or did not come back: it is not, or no longer, this person's).
 */
export function mergeOrders(
  list: readonly DeskOrder[],
  named: readonly string[],
  fresh: readonly DeskOrder[],
): DeskOrder[] {
  const byId = new Map(fresh.map((order) => [order.id, order]));
  const kept = list.filter((order) => !named.includes(order.id));
  for (const id of named) {
    const order = byId.get(id);
    if (order && OPEN.includes(order.status)) kept.push(order);
  }
  return kept.sort(boardOrder);
}

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
        all.sort(boardOrder);
        return { data: all };
      },
      providesTags: ['Order'],
    }),
    /**
     * The orders named, in any status (`?ids=`): what a board asks for when live events name
     * orders that changed, to put into the open orders (desk-refresh.ts, decision 59).
     */
    namedOrders: build.query<DeskOrder[], string[]>({
      query: (ids) => `/orders?ids=${ids.join(',')}&limit=${ids.length}`,
      transformResponse: (body: { data: OrderHistoryPage }) => body.data.orders,
      keepUnusedDataFor: 0,
    }),
    moveOrder: build.mutation<DeskOrder, OrderStatusChange & { id: string }>({
      query: ({ id, ...body }) => ({ url: `/orders/${id}/status`, method: 'POST', body }),
      transformResponse: (body: { data: DeskOrder }) => body.data,
      // The answer is the order as moved: it goes into the open orders (or leaves them) at once.
      // A refused move (a colleague moved it first) reads the open orders again.
      async onQueryStarted({ id }, { dispatch, getState, queryFulfilled }) {
        const moved = await queryFulfilled.then(
          (result) => result.data,
          () => null,
        );
        if (!moved) {
          dispatch(adminApi.util.invalidateTags(['Order']));
          return;
        }
        const list = deskApi.endpoints.deskOrders.select()(getState()).data;
        if (!list) return;
        const merged = mergeOrders(list, [id], [moved]);
        dispatch(deskApi.util.updateQueryData('deskOrders', undefined, () => merged));
      },
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

export { deskApi };
export const { useDeskOrdersQuery, useMoveOrderMutation, usePrintTicketMutation } = deskApi;
