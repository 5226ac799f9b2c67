import { afterEach, describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../../lib/storage-keys.ts';
import { storedMadeMoves } from './made-moves.ts';

afterEach(() => sessionStorage.clear());

const move = (id: string, until: number) => ({ id, number: 1042, status: 'completed', until });
const store = (value: unknown) =>
  sessionStorage.setItem(STORAGE_KEYS.deskMadeMoves, JSON.stringify(value));

describe('the desk moves kept in the tab', () => {
  it('come back with their owner, without those whose time is up', () => {
    store({ staffId: 's1', moves: [move('o1', 2_000), move('o2', 1_000)] });
    expect(storedMadeMoves(1_500)).toEqual({ staffId: 's1', moves: [move('o1', 2_000)] });
  });

  it('are none when the tab holds nothing, or something not written by the desk', () => {
    const none = { staffId: null, moves: [] };
    expect(storedMadeMoves(0)).toEqual(none);
    for (const value of [
      'not json{',
      { moves: [move('o1', 2_000)] },
      { staffId: 's1', moves: [{ ...move('o1', 2_000), status: 'accepted' }] },
      { staffId: 's1', moves: [{ ...move('o1', 2_000), until: '2099' }] },
      { staffId: 's1', moves: 'o1' },
    ]) {
      if (typeof value === 'string') sessionStorage.setItem(STORAGE_KEYS.deskMadeMoves, value);
      else store(value);
      expect(storedMadeMoves(0), JSON.stringify(value)).toEqual(none);
    }
  });
});
