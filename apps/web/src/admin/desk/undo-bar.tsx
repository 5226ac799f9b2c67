import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useSelector } from 'react-redux';
import { isUndoableMove, MOVE_UNDO_SECONDS, type UndoableMove } from '@servery/contract/desk-moves';
import type { DeskOrder } from '@servery/contract/desk';
import { adminErrorMessage, useSessionQuery } from '../admin-api.ts';
import { useAdminDispatch } from '../admin-state.ts';
import { buttonClass } from '../../components/ui/button.tsx';
import { ProblemLine } from '../../components/ui/problem.tsx';
import { useUndoOrderMoveMutation } from './desk-api.ts';
import {
  moveForgotten,
  moveMade,
  movesExpired,
  type MadeMove,
  type MadeMoves,
} from './made-moves.ts';

/**
 * The offer ends a few seconds before the server's window does: an undo tapped at the last
 * moment still reaches the server in time.
 */
const OFFER_MS = (MOVE_UNDO_SECONDS - 5) * 1000;
/** The bar keeps to the newest few: it must not cover the board on a busy night. */
const SHOWN = 3;

const DONE: Record<UndoableMove, string> = {
  preparing: 'started',
  ready: 'marked ready',
  out_for_delivery: 'sent out for delivery',
  completed: 'completed',
};
/** Where an order that is back sits on the board (desk-page.tsx's columns). */
const COLUMN: Partial<Record<DeskOrder['status'], string>> = {
  accepted: 'Accepted and preparing',
  preparing: 'Accepted and preparing',
  ready: 'Ready',
  out_for_delivery: 'Out for delivery',
};

const RememberMove = createContext<(order: DeskOrder) => void>(() => {});
export const RememberMoveProvider = RememberMove.Provider;
/** For a card's actions: tells the board of a move made, which it offers to undo. */
export const useRememberMove = () => useContext(RememberMove);

/**
 * The moves this person made on this tab that can still be undone (decision 65), newest first,
 * one per order: kept in the staff application's store and the tab's session storage
 * (made-moves.ts), so that they are offered again after a look at another section or a reload,
 * and to no one else who signs in here.
 */
export function useMadeMoves() {
  const dispatch = useAdminDispatch();
  const staffId = useSessionQuery().data?.staff.id;
  const kept = useSelector((state: { madeMoves: MadeMoves }) => state.madeMoves);
  // The clock the offers are read against: moved on when the next one's time is up.
  const [now, setNow] = useState(() => Date.now());
  const moves = useMemo(
    () => (staffId && kept.staffId === staffId ? kept.moves.filter((m) => m.until > now) : []),
    [kept, staffId, now],
  );
  const [said, setSaid] = useState('');
  /** Counts the moves remembered: each is a moment the keyboard may need bringing to the bar. */
  const [made, setMade] = useState(0);
  // Stable, so that the cards (memoised) are not drawn again when the list changes.
  const remember = useCallback(
    (order: DeskOrder) => {
      if (!staffId || !isUndoableMove(order.status)) return;
      // The move's own entry in the order's history, the last: its moment names the move.
      const last = order.status_history.at(-1);
      const at = last?.status === order.status ? last.at : undefined;
      const move = { id: order.id, number: order.number, status: order.status, at };
      dispatch(moveMade({ staffId, move: { ...move, until: Date.now() + OFFER_MS } }));
      setSaid(`Order #${order.number} ${DONE[order.status]}. Undo is at the bottom of the screen.`);
      setMade((n) => n + 1);
    },
    [dispatch, staffId],
  );
  const forget = useCallback((id: string) => dispatch(moveForgotten(id)), [dispatch]);
  // Each offer goes when its time is up.
  useEffect(() => {
    if (moves.length === 0) return;
    const next = Math.min(...moves.map((m) => m.until));
    const timer = setTimeout(
      () => {
        const at = Date.now();
        setNow(at);
        dispatch(movesExpired(at));
      },
      Math.max(next - Date.now(), 0) + 50,
    );
    return () => clearTimeout(timer);
  }, [moves, dispatch]);
  return { moves, made, said, setSaid, remember, forget };
}

/**
 * The undo of the moves just made, fixed to the bottom of the board: it stays when the order's
 * card leaves its column or the board (a completed order is no longer on it). What happened is
 * said politely to a screen reader; the keyboard is brought here when the card it was on went.
 */
export function UndoBar({ made }: { made: ReturnType<typeof useMadeMoves> }) {
  const { moves, said, setSaid, forget } = made;
  const remembered = made.made;
  const [undo, undoing] = useUndoOrderMoveMutation();
  const [problem, setProblem] = useState('');
  /** After an undo tapped again: the bar says plainly that it is done (decision 78). */
  const [done, setDone] = useState('');
  /** The moves whose undo got no answer the server stood by (a fault, the network): maybe made. */
  const unsure = useRef(new Set<string>());
  const newest = useRef<HTMLButtonElement>(null);
  const shown = moves.slice(0, SHOWN);

  useEffect(() => {
    // The move took the focused button away with its card: the keyboard comes to its undo.
    if (remembered > 0 && (!document.activeElement || document.activeElement === document.body)) {
      newest.current?.focus();
    }
  }, [remembered]);

  async function handleUndo(move: MadeMove) {
    setProblem('');
    setDone('');
    const result = await undo({
      id: move.id,
      status: move.status,
      ...(move.at ? { at: move.at } : {}),
    });
    if ('error' in result) {
      setProblem(adminErrorMessage(result.error));
      // The server said no for good (moved on, too late, not found): the offer goes. Otherwise
      // the undo may have been made with its answer lost: tapped again, the server says so.
      const status = (result.error as { status?: unknown }).status;
      if (typeof status === 'number' && status < 500) {
        unsure.current.delete(move.id);
        forget(move.id);
      } else {
        unsure.current.add(move.id);
      }
      return;
    }
    forget(move.id);
    const back = result.data;
    const where = `#${back.number} is back in ${COLUMN[back.status] ?? back.status}.`;
    if (unsure.current.delete(move.id)) {
      // The last tap on it failed: the kitchen is told in so many words that it is done now.
      setDone(`Undone. ${where}`);
      setSaid(`Undone. Order ${where}`);
    } else {
      setSaid(`Order ${where}`);
    }
  }

  const open = shown.length > 0 || problem !== '' || done !== '';
  return (
    <>
      <p role="status" className="sr-only">
        {said}
      </p>
      {open && (
        <>
          {/* Room at the end of the board, so that the bar never hides the last card's buttons. */}
          <div aria-hidden="true" className="h-48" />
          <section
            aria-label="Undo a move"
            className="fixed inset-x-0 bottom-0 z-20 border-t-4 border-stone-900 bg-stone-900 px-4 py-3 text-white shadow-2xl"
          >
            {/* Empty when the bar is open only for what it says about an undo. */}
            <ul className="mx-auto flex max-w-6xl flex-col gap-2 empty:hidden">
              {shown.map((move, i) => (
                <li key={move.id} className="flex items-center justify-between gap-4">
                  <span className="text-lg font-semibold">
                    #{move.number} {DONE[move.status]}.
                  </span>
                  <button
                    ref={i === 0 ? newest : undefined}
                    type="button"
                    className={buttonClass({
                      variant: 'outline',
                      size: 'lg',
                      className: 'min-w-32',
                    })}
                    aria-label={`Undo #${move.number} ${DONE[move.status]}`}
                    disabled={undoing.isLoading}
                    onClick={() => void handleUndo(move)}
                  >
                    Undo
                  </button>
                </li>
              ))}
            </ul>
            {(problem || done) && (
              <div
                className={`mx-auto flex max-w-6xl items-center justify-between gap-4 rounded-lg bg-white px-3 py-1 ${shown.length > 0 ? 'mt-2' : ''}`}
              >
                {problem ? (
                  <ProblemLine message={problem} />
                ) : (
                  // Said to a screen reader by the status above; here for the eye.
                  <p className="text-lg font-semibold text-green-800">{done}</p>
                )}
                <button
                  type="button"
                  className={buttonClass({ variant: 'ghost', size: 'lg' })}
                  onClick={() => {
                    setProblem('');
                    setDone('');
                  }}
                >
                  Dismiss
                </button>
              </div>
            )}
          </section>
        </>
      )}
    </>
  );
}
