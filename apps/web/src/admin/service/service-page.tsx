import { useCallback, useState } from 'react';
import { adminApi, adminErrorMessage, useSessionQuery } from '../admin-api.ts';
import { useAdminDispatch } from '../admin-state.ts';
import { inputClass } from '../../components/ui/input.tsx';
import { ProblemLine } from '../../components/ui/problem.tsx';
import { useLiveEvents } from '../live/use-live-events.ts';
import { HoursEditor } from './hours-editor.tsx';
import { SpecialDaysEditor } from './special-days-editor.tsx';
import { MenuSwitches } from './menu-switches.tsx';
import { ShopSwitchesCard } from './shop-switches.tsx';
import { useServiceStoresQuery } from './service-api.ts';
import { StoreControls } from './store-controls.tsx';

/**
 * Service (issue 15): one named store's pause, busy mode, hours and sold-out switches, live; the
 * switches reach that store only (issue 28), and the whole shop's beside them: each card says
 * which it changes.
 */
export function ServicePage() {
  const dispatch = useAdminDispatch();
  const stores = useServiceStoresQuery();
  const session = useSessionQuery().data;
  const permissions = session?.permissions ?? [];
  // The whole shop's switches reach every store: only for someone who works in all of them.
  const switchesShop = permissions.includes('shop:edit') && session?.whole_shop === true;
  const runsService = permissions.includes('service:run');
  const [chosen, setChosen] = useState('');
  const refresh = useCallback(
    (kind: string) => {
      if (kind.startsWith('availability') || kind.startsWith('menu') || kind === 'resync') {
        dispatch(adminApi.util.invalidateTags(['Menu']));
      }
      if (kind.startsWith('store') || kind === 'resync') {
        dispatch(adminApi.util.invalidateTags(['Service']));
      }
      if (kind.startsWith('shop') || kind === 'resync') {
        dispatch(adminApi.util.invalidateTags(['Shop']));
      }
    },
    [dispatch],
  );
  useLiveEvents(refresh);
  const onPauseEnd = useCallback(
    () => dispatch(adminApi.util.invalidateTags(['Service'])),
    [dispatch],
  );
  const list = stores.data ?? [];
  const store = list.find((s) => s.id === chosen) ?? list[0];

  return (
    <div className="space-y-4">
      <h1 className="text-3xl font-bold">Service{store ? `: ${store.name}` : ''}</h1>
      {stores.isLoading && <p role="status">Loading your stores…</p>}
      {stores.error && <ProblemLine message={adminErrorMessage(stores.error)} />}
      {list.length > 1 && (
        <label className="block font-semibold">
          Store
          <select
            className={inputClass({ size: 'lg' })}
            value={store?.id}
            onChange={(event) => setChosen(event.target.value)}
          >
            {list.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </select>
        </label>
      )}
      {stores.data && list.length === 0 && <p>You do not work in any store yet.</p>}
      {store && (
        // Hours, special days and the switches come first (issue 28); the dishes that are off
        // follow, with a search for any other, so the hours are never 57 screens down.
        <div className="grid gap-4 lg:grid-cols-2 lg:items-start">
          {runsService && <StoreControls store={store} onEnd={onPauseEnd} />}
          {switchesShop && <ShopSwitchesCard />}
          {runsService && (
            // Keyed by store: switching store starts the forms afresh.
            <>
              <HoursEditor key={`hours-${store.id}`} store={store} />
              <SpecialDaysEditor key={`days-${store.id}`} store={store} />
            </>
          )}
          <div className="lg:col-span-2">
            <MenuSwitches key={store.id} storeId={store.id} storeName={store.name} />
          </div>
        </div>
      )}
    </div>
  );
}
