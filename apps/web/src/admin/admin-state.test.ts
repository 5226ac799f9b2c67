import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StaffSession } from '@servery/contract/staff';
import { adminApi } from './admin-api.ts';
import { createAdminState } from './admin-state.ts';
import { moveMade } from './desk/made-moves.ts';

afterEach(() => vi.restoreAllMocks());

// Finding 6 of the walk: in the development build the serializability check walked every menu
// the API cache kept, twice, for up to 151 ms an answer. It skips the answers (JSON read off the
// wire), and still checks everything else.
describe('the staff application’s development checks', () => {
  it('do not walk the answers the API cache keeps', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const state = createAdminState();
    // Nothing off the wire could hold a Map: it stands for an answer the check must not walk.
    const walked = new Map([['walked', true]]);
    await state.dispatch(
      adminApi.util.upsertQueryData('session', undefined, { walked } as unknown as StaffSession),
    );
    expect(adminApi.endpoints.session.select()(state.getState()).data).toEqual({ walked });
    expect(errors).not.toHaveBeenCalled();
  });

  it('still check the app’s own slice, and any other action', () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const state = createAdminState();
    // A plausible slip: an instant kept as a Date in the made moves, not this clock's number.
    const until = new Date('2026-11-30T19:05:00.000Z') as unknown as number;
    state.dispatch(
      moveMade({ staffId: 's1', move: { id: 'o1', number: 1042, status: 'ready', until } }),
    );
    state.dispatch({ type: 'anything/else', payload: new Map() });
    expect(errors.mock.calls.map(([said]) => String(said).split(',')[0])).toEqual([
      'A non-serializable value was detected in an action',
      'A non-serializable value was detected in the state',
      'A non-serializable value was detected in an action',
      'A non-serializable value was detected in the state',
    ]);
  });
});
