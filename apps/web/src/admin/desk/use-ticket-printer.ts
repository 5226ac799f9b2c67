import { useCallback, useEffect, useRef, useState } from 'react';
import type { DeskOrder, KitchenTicket } from '@servery/contract/desk';
import type { Envelope } from '@servery/contract/envelope';
import { refusedWith } from '@servery/contract/error-codes';
import type { AutoPrintStores } from '@servery/contract/shop-editor';
import { adminApi, adminErrorMessage } from '../admin-api.ts';
import { prepareRollPrint } from '../roll-print.ts';
import { usePrintTicketMutation } from './desk-api.ts';

/**
 * Printing from the desk: the server counts the print and answers the ticket, the page puts it
 * in the print-only sheet, then opens the browser's print dialog (a browser cannot print
 * silently; back-office.md). The last ticket stays in the sheet until the next print.
 */
export function useTicketPrinter() {
  const [printTicket, state] = usePrintTicketMutation();
  const [job, setJob] = useState<{ ticket: KitchenTicket; nonce: number } | null>(null);
  const [problem, setProblem] = useState('');

  useEffect(() => {
    // After React has put this ticket in the sheet.
    if (!job) return;
    preparePrint();
    window.print();
  }, [job]);

  // The same function on every render, so the board's cards (memoised) need not draw again.
  const print = useCallback(
    async (orderId: string, auto = false) => {
      setProblem('');
      const result = await printTicket({ id: orderId, unlessPrinted: auto });
      // Auto-print lost its claim: another desk (or tab) printed the ticket; nothing to do here.
      if ('error' in result && auto && isAlreadyPrinted(result.error)) return;
      if ('error' in result) setProblem(adminErrorMessage(result.error));
      else setJob({ ticket: result.data, nonce: Date.now() });
    },
    [printTicket],
  );
  return { print, printing: state.isLoading, ticket: job?.ticket ?? null, problem };
}

const isAlreadyPrinted = (error: unknown) => refusedWith(error, 'already_printed');

/** The ticket alone on the roll (kitchen-ticket.css). */
const preparePrint = () =>
  prepareRollPrint(
    'printing-ticket',
    document.querySelector<HTMLElement>('body > .kitchen-ticket'),
  );

const autoPrintApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    autoPrintStores: build.query<string[], void>({
      query: () => '/auto-print',
      transformResponse: (body: Envelope<AutoPrintStores>) => body.data.store_ids,
      providesTags: ['Shop'],
    }),
  }),
});

/**
 * Auto-print (issue 28): in a store set to print on accept, an order accepted while this board
 * is open (by this desk, another, or auto-accept) and never printed is printed once. The print
 * is a claim (`unless_printed`): with two desks or tabs open, the server lets one print it, and
 * the other hears 409 and prints nothing, so the kitchen gets one ticket, never a REPRINT too.
 */
export function useAutoPrint(
  orders: readonly DeskOrder[],
  print: (orderId: string, auto: boolean) => unknown,
) {
  const stores = autoPrintApi.useAutoPrintStoresQuery().data;
  const [openedAt] = useState(() => new Date().toISOString());
  const printed = useRef(new Set<string>());
  useEffect(() => {
    if (!stores?.length) return;
    for (const order of orders) {
      const accepted = order.status_history.findLast((step) => step.status === 'accepted');
      if (
        order.status === 'accepted' &&
        order.print_count === 0 &&
        stores.includes(order.store.id) &&
        accepted &&
        accepted.at >= openedAt &&
        !printed.current.has(order.id)
      ) {
        printed.current.add(order.id);
        void print(order.id, true);
      }
    }
  }, [orders, stores, openedAt, print]);
}
