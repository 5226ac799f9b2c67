import type { OrderHistoryPage } from '@servery/contract/back-office-shapes';
import type {
  DeskOrder,
  KitchenTicket,
  OrderMoveUndo,
  OrderStatusChange,
} from '@servery/contract/desk';
import { OPEN_ORDER_STATUSES } from '@servery/contract/desk-moves';
import { adminApi } from '../admin-api.ts';
import type { AdminDispatch, AdminState } from '../admin-state.ts';

const OPEN: readonly string[] = OPEN_ORDER_STATUSES;

/**
 * The board's order: soonest wanted first, then by number. By the instants, not localeCompare:
 * its first call builds the browser's collator, 30 ms of a tablet's CPU on the desk's first
 * screen (issue 33).
 */
const boardOrder = (a: DeskOrder, b: DeskOrder) =>
  Date.parse(a.scheduled_for) - Date.parse(b.scheduled_for) || a.number - b.number;

/**
 * The open orders with `fresh` put in: each named order replaced or added while it is open,
 * and taken off once it is not (or did not come back: it is not, or no longer, this person's).
 * An order's count of prints only grows, and a print sends no live event: an answer read before
 * a print of this device, and come after it, keeps the count the board has (else the card would
 * offer "Print ticket" again until the next read).
 */
export function mergeOrders(
  list: readonly DeskOrder[],
  named: readonly string[],
  fresh: readonly DeskOrder[],
): DeskOrder[] {
  const byId = new Map(fresh.map((order) => [order.id, order]));
  const printed = new Map(list.map((order) => [order.id, order.print_count]));
  const kept = list.filter((order) => !named.includes(order.id));
  for (const id of named) {
    const order = byId.get(id);
    if (!order || !OPEN.includes(order.status)) continue;
    const prints = printed.get(id) ?? 0;
    kept.push(prints > order.print_count ? { ...order, print_count: prints } : order);
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
        if (moved) putIntoDesk(dispatch, getState, [id], [moved]);
        else dispatch(adminApi.util.invalidateTags(['Order']));
      },
    }),
    /**
     * Takes back the order's last move (decision 65): the order as it is again goes into the
     * open orders at once (a completed order comes back to the board). A refused undo reads the
     * open orders again, as a refused move does.
     */
    undoOrderMove: build.mutation<DeskOrder, OrderMoveUndo & { id: string }>({
      query: ({ id, ...body }) => ({ url: `/orders/${id}/undo-move`, method: 'POST', body }),
      transformResponse: (body: { data: DeskOrder }) => body.data,
      async onQueryStarted({ id }, { dispatch, getState, queryFulfilled }) {
        const order = await queryFulfilled.then(
          (result) => result.data,
          () => null,
        );
        if (order) putIntoDesk(dispatch, getState, [id], [order]);
        else dispatch(adminApi.util.invalidateTags(['Order']));
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
      // A print changes the order's count of prints and nothing else: the ticket's count goes
      // into the order on the board at once (not the ticket's whole order, which an event read
      // meanwhile may have overtaken). A refused claim (another device printed it) reads that
      // order alone.
      async onQueryStarted({ id }, { dispatch, getState, queryFulfilled }) {
        const ticket = await queryFulfilled.then(
          (result) => result.data,
          () => null,
        );
        if (ticket) putPrintCount(dispatch, getState, id, ticket.print_count);
        else if (!(await readIntoDesk(dispatch, getState, [id]))) {
          dispatch(adminApi.util.invalidateTags(['Order']));
        }
      },
    }),
  }),
});

/** `orders` (the answer about the orders `ids`) put into the open orders, when they are in. */
function putIntoDesk(
  dispatch: AdminDispatch,
  getState: () => unknown,
  ids: readonly string[],
  orders: readonly DeskOrder[],
) {
  const list = deskApi.endpoints.deskOrders.select()(getState() as AdminState);
  if (!list.data) return;
  // Merged from the list as kept (frozen plain objects, not Immer drafts of 200 orders):
  // unchanged orders keep their objects, so their cards are not drawn again.
  const merged = mergeOrders(list.data, ids, orders);
  dispatch(deskApi.util.updateQueryData('deskOrders', undefined, () => merged));
  // A whole list being read may have been read before this change, and its answer would put
  // the order back as it was (a print sends no live event to mend it): it is read again once
  // in (RTK Query holds an invalidation until the read in flight is done).
  if (list.status === 'pending') dispatch(adminApi.util.invalidateTags(['Order']));
}

/** The count of prints of order `id` put into the board's copy of it, when it is on the board. */
function putPrintCount(
  dispatch: AdminDispatch,
  getState: () => unknown,
  id: string,
  printCount: number,
) {
  const listed = deskApi.endpoints.deskOrders
    .select()(getState() as AdminState)
    .data?.find((order) => order.id === id);
  if (!listed || listed.print_count >= printCount) return;
  putIntoDesk(dispatch, getState, [id], [{ ...listed, print_count: printCount }]);
}

/**
 * Reads the orders `ids` (any status) and puts them into the open orders (decision 59); false
 * when the read failed. A whole list asked for since (in the same millisecond too) may be newer
 * than this answer: it stands.
 */
export async function readIntoDesk(
  dispatch: AdminDispatch,
  getState: () => unknown,
  ids: readonly string[],
): Promise<boolean> {
  const asked = Date.now();
  const result = await dispatch(
    deskApi.endpoints.namedOrders.initiate([...ids], { subscribe: false, forceRefetch: true }),
  );
  if (result.error || !result.data) return false;
  const now = deskApi.endpoints.deskOrders.select()(getState() as AdminState);
  if ((now.startedTimeStamp ?? 0) < asked) putIntoDesk(dispatch, getState, ids, result.data);
  return true;
}

export { deskApi };
export const {
  useDeskOrdersQuery,
  useMoveOrderMutation,
  usePrintTicketMutation,
  useUndoOrderMoveMutation,
} = deskApi;
