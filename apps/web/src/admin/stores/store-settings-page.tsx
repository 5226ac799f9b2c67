import { useState } from 'react';
import { useSessionQuery } from '../admin-api.ts';
import { CARD_CLASS } from '../../components/ui/card.tsx';
import { inputClass } from '../../components/ui/input.tsx';
import { AutomationForm } from './automation-form.tsx';
import { useStoreAutomationQuery, useStoreZonesQuery } from './store-settings-api.ts';
import { ZonePreviewBox } from './zone-preview.tsx';
import { ZonesEditor } from './zones-editor.tsx';

/** Owners and managers: one store's delivery zones, capacity and automation (issue 28). */
export function StoreSettingsPage() {
  const { data: session } = useSessionQuery();
  const stores = session?.stores ?? [];
  const [chosen, setChosen] = useState('');
  const [message, setMessage] = useState('');
  const storeId = chosen || stores[0]?.id || '';
  const zones = useStoreZonesQuery(storeId, { skip: !storeId });
  const automation = useStoreAutomationQuery(storeId, { skip: !storeId });
  const name = stores.find((s) => s.id === storeId)?.name ?? '';

  return (
    <>
      <h1 className="text-3xl font-bold">Delivery & capacity{name ? `: ${name}` : ''}</h1>
      <p role="status" className="mt-2 min-h-6 font-semibold">
        {message}
      </p>
      {stores.length > 1 && (
        <div className="mt-3 max-w-sm">
          <label htmlFor="settings-store" className="block text-sm font-semibold">
            Store
          </label>
          <select
            id="settings-store"
            className={inputClass({ size: 'lg' })}
            value={storeId}
            onChange={(e) => setChosen(e.target.value)}
          >
            {stores.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </select>
        </div>
      )}
      <div className="mt-6 grid gap-6 lg:grid-cols-[2fr_1fr]">
        <section className={CARD_CLASS}>
          {zones.data ? ( // A new version (saved here or elsewhere) starts the form afresh.
            <ZonesEditor key={zones.data.version} zones={zones.data} onMessage={setMessage} />
          ) : (
            <p>Loading the zones…</p>
          )}
          <div className="mt-6 border-t pt-4">
            {storeId && <ZonePreviewBox storeId={storeId} />}
          </div>
        </section>
        <section className={CARD_CLASS}>
          {automation.data ? (
            <AutomationForm
              key={automation.data.version}
              automation={automation.data}
              onMessage={setMessage}
            />
          ) : (
            <p>Loading…</p>
          )}
        </section>
      </div>
    </>
  );
}
