import { useRef, useState } from 'react';
import type { BookingUndo, DiaryBooking } from '@servery/contract/diary';
import { adminErrorMessage } from '../admin-api.ts';
import { useUndoBookingMoveMutation } from './diary-api.ts';
import { useDiaryNotice } from './diary-notice.ts';

/**
 * The tap of a card's undo (a one-tap move's or a no-show's): it names the move by its moment
 * (decision 78) and says a refusal on the card. When the tap before failed without an answer
 * the server stood by (a fault, the network), the undo may have been made then: tapped again,
 * the server answers it done, and the diary's line says so in words, as the card (and with it
 * this control) goes back to the status it came from.
 */
export function useCardUndo(booking: DiaryBooking, status: BookingUndo['status'], done: string) {
  const [undo, undoing] = useUndoBookingMoveMutation();
  const [problem, setProblem] = useState('');
  const unsure = useRef(false);
  const notice = useDiaryNotice();
  async function tap() {
    setProblem('');
    const at = booking.moved_at;
    const result = await undo({ id: booking.id, status, ...(at ? { at } : {}) });
    if ('error' in result) {
      setProblem(adminErrorMessage(result.error));
      const code = (result.error as { status?: unknown }).status;
      unsure.current = !(typeof code === 'number' && code < 500);
      return;
    }
    if (unsure.current) notice(`Undone. ${booking.name}, ${booking.people} ${done}.`);
    unsure.current = false;
  }
  return { tap, busy: undoing.isLoading, problem };
}
