import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { UNDOABLE_MOVES, type UndoableMove } from '@servery/contract/desk-moves';
import { STORAGE_KEYS } from '../../lib/storage-keys.ts';
import { adminApi } from '../admin-api.ts';

/** A move made on this device that can still be taken back, and until when (this clock). */
export interface MadeMove {
  id: string;
  number: number;
  status: UndoableMove;
  /**
   * When the server made it (its entry in the order's history): the undo names it, so that the
   * same move made again since by someone else is not taken back (decision 78). Absent in what a
   * tab kept before it was added.
   */
  at?: string;
  until: number;
}

/**
 * The desk moves this tab made that can still be undone (decision 65), and whose they are: not
 * server data, only what this person did here and until when. Kept in the staff application's
 * store, so that the offer outlives the desk's screen (a look at the diary and back), and in
 * session storage, so that it outlives a reload of the tab. It belongs to one staff account
 * (each belongs to one shop, and session storage to one host): another person signed in on the
 * same tablet is never offered it.
 */
export interface MadeMoves {
  staffId: string | null;
  moves: MadeMove[];
}

const none: MadeMoves = { staffId: null, moves: [] };

export const madeMovesSlice = createSlice({
  name: 'madeMoves',
  initialState: none,
  reducers: {
    /** A move made by `staffId`: the newest first, one per order (its latest). */
    moveMade(state, action: PayloadAction<{ staffId: string; move: MadeMove }>) {
      const { staffId, move } = action.payload;
      const kept = state.staffId === staffId ? state.moves.filter((m) => m.id !== move.id) : [];
      return { staffId, moves: [move, ...kept] };
    },
    /** Undone, or refused for good: the offer goes. */
    moveForgotten(state, action: PayloadAction<string>) {
      state.moves = state.moves.filter((m) => m.id !== action.payload);
    },
    /** The offers whose time was up at `now` go. */
    movesExpired(state, action: PayloadAction<number>) {
      state.moves = state.moves.filter((m) => m.until > action.payload);
    },
  },
  extraReducers: (builder) => {
    // Everything cached is dropped when someone signs in or out (sign-in-api.ts): so are the
    // moves of whoever was signed in before.
    builder.addMatcher(adminApi.util.resetApiState.match, () => none);
  },
});

export const { moveMade, moveForgotten, movesExpired } = madeMovesSlice.actions;

/** The moves kept in this tab that are still on offer at `now`, if any. */
export function storedMadeMoves(now = Date.now()): MadeMoves {
  try {
    const raw = sessionStorage.getItem(STORAGE_KEYS.deskMadeMoves);
    const stored = raw ? (JSON.parse(raw) as unknown) : null;
    if (!isMadeMoves(stored)) return none;
    return { staffId: stored.staffId, moves: stored.moves.filter((m) => m.until > now) };
  } catch {
    return none;
  }
}

/** Writes the moves to this tab's session storage whenever they change (nothing when none). */
export function keepMadeMoves(store: {
  getState: () => { madeMoves: MadeMoves };
  subscribe: (listener: () => void) => unknown;
}) {
  let last = store.getState().madeMoves;
  store.subscribe(() => {
    const now = store.getState().madeMoves;
    if (now === last) return;
    last = now;
    try {
      if (now.moves.length === 0) sessionStorage.removeItem(STORAGE_KEYS.deskMadeMoves);
      else sessionStorage.setItem(STORAGE_KEYS.deskMadeMoves, JSON.stringify(now));
    } catch {
      // Storage disabled or full: the offer lasts while the application is open, as before.
    }
  });
}

function isMadeMoves(value: unknown): value is MadeMoves {
  if (!value || typeof value !== 'object') return false;
  const { staffId, moves } = value as Partial<MadeMoves>;
  return (
    typeof staffId === 'string' &&
    Array.isArray(moves) &&
    moves.every(
      (m: Partial<MadeMove> | null) =>
        typeof m?.id === 'string' &&
        typeof m.number === 'number' &&
        typeof m.until === 'number' &&
        (m.at === undefined || typeof m.at === 'string') &&
        (UNDOABLE_MOVES as readonly unknown[]).includes(m.status),
    )
  );
}
