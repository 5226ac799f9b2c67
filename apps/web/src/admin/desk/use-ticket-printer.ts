import { useEffect, useState } from 'react';
import type { KitchenTicket } from '@servery/contract/desk';
import { adminErrorMessage } from '../admin-api.ts';
import { usePrintTicketMutation } from './desk-api.ts';

/**
 * Printing from the desk: the server counts the print and answers the ticket, the page puts it
 * in the print-only sheet, then opens the browser's print dialog (a browser cannot print
 * silently; BACK-OFFICE.md). The last ticket stays in the sheet until the next print.
 */
export function useTicketPrinter() {
  const [printTicket, state] = usePrintTicketMutation();
  const [job, setJob] = useState<{ ticket: KitchenTicket; nonce: number } | null>(null);
  const [problem, setProblem] = useState('');

  useEffect(() => {
    // After React has put this ticket in the sheet.
    if (job) window.print();
  }, [job]);

  async function print(orderId: string) {
    setProblem('');
    const result = await printTicket(orderId);
    if ('error' in result) setProblem(adminErrorMessage(result.error));
    else setJob({ ticket: result.data, nonce: Date.now() });
  }
  return { print, printing: state.isLoading, ticket: job?.ticket ?? null, problem };
}
