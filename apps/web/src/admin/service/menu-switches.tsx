import { useId, useState } from 'react';
import type { ServiceItem, SoldOutState } from '@servery/contract/service';
import { adminErrorMessage, useSessionQuery } from '../admin-api.ts';
import { Button } from '../../components/ui/button.tsx';
import { CARD_CLASS } from '../../components/ui/card.tsx';
import { ProblemLine } from '../../components/ui/problem.tsx';
import { inputClass } from '../../components/ui/input.tsx';
import {
  useServiceMenuQuery,
  useSetItemAvailabilityMutation,
  useSetOptionAvailabilityMutation,
} from './service-api.ts';

const CHOICES: { value: SoldOutState; label: string }[] = [
  { value: false, label: 'Available' },
  { value: 'today', label: 'Out today' },
  { value: 'indefinitely', label: 'Out for now' },
];

/** Three large choices for one dish or option: a radio group, one tap each. */
function SoldOutSwitch({
  name,
  value,
  until,
  small,
  onChange,
}: {
  name: string;
  value: SoldOutState;
  /** When "out today" ends, already worded ("back Wed 11:00"). */
  until: string | null;
  small?: boolean;
  onChange: (value: SoldOutState) => void;
}) {
  const group = useId();
  return (
    <fieldset className={small ? 'mt-2 pl-4' : ''}>
      <legend className={small ? 'text-base' : 'text-lg font-semibold'}>
        {name}
        {value === 'today' && until ? (
          <>
            {' '}
            <span className="ml-1 text-sm font-normal text-stone-700">back {until}</span>
          </>
        ) : null}
      </legend>
      <div className="mt-1 grid grid-cols-3 gap-1 rounded-xl bg-stone-100 p-1">
        {CHOICES.map((choice) => (
          <label
            key={String(choice.value)}
            className={`flex min-h-12 cursor-pointer items-center justify-center rounded-lg px-1 text-center text-sm font-semibold has-[:checked]:shadow has-[:focus-visible]:outline-2 ${
              choice.value === false
                ? 'has-[:checked]:bg-green-800 has-[:checked]:text-white'
                : 'has-[:checked]:bg-stone-900 has-[:checked]:text-white'
            }`}
          >
            <input
              type="radio"
              className="sr-only"
              name={group}
              checked={value === choice.value}
              onChange={() => onChange(choice.value)}
            />
            {choice.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/**
 * Hidden: off this store's menu altogether (not "sold out"), until shown again (issue 28). The
 * button names the store, as everything on this screen changes that store only.
 */
function HideButton({
  item,
  storeName,
  onToggle,
}: {
  item: ServiceItem;
  storeName: string;
  onToggle: () => void;
}) {
  return (
    <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
      <p className="text-sm text-stone-700">
        {item.hidden ? `Hidden from ${storeName}’s menu` : `On ${storeName}’s menu`}
      </p>
      <Button variant="outline" size="lg" onClick={onToggle}>
        {item.hidden ? 'Show' : 'Hide'} {item.name} at {storeName}
      </Button>
    </div>
  );
}

const isOff = (item: ServiceItem) =>
  item.sold_out !== false || item.hidden || item.options.some((o) => o.sold_out !== false);

/**
 * The store's dishes that are off now, and a search for any other (issue 28: a long menu no
 * longer pushes the rest of the screen away); a sold-out switch on each dish and option.
 */
export function MenuSwitches({ storeId, storeName }: { storeId: string; storeName: string }) {
  const menu = useServiceMenuQuery(storeId);
  const timeZone = useSessionQuery().data?.shop.timeZone ?? 'Europe/London';
  const back = (until: string | null) =>
    until
      ? new Intl.DateTimeFormat('en-GB', {
          timeZone,
          weekday: 'short',
          hour: '2-digit',
          minute: '2-digit',
        }).format(new Date(until))
      : null;
  const [setItem] = useSetItemAvailabilityMutation();
  const [setOption] = useSetOptionAvailabilityMutation();
  const [search, setSearch] = useState('');
  const [error, setError] = useState('');
  const needle = search.trim().toLowerCase();
  const shown = (menu.data ?? []).filter((item) =>
    needle
      ? item.name.toLowerCase().includes(needle) ||
        item.options.some((o) => o.name.toLowerCase().includes(needle))
      : isOff(item),
  );
  const run = async (call: Promise<{ error?: unknown }>) => {
    const result = await call;
    setError(result.error ? adminErrorMessage(result.error) : '');
  };

  return (
    <section aria-labelledby="menu-heading" className={`${CARD_CLASS} space-y-4`}>
      <h2 id="menu-heading" className="text-2xl font-bold">
        Sold out at {storeName}
      </h2>
      <label className="block font-semibold">
        Find a dish or option to switch
        <input
          type="search"
          className={inputClass({ size: 'lg' })}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
      </label>
      <ProblemLine message={error} />
      {menu.isLoading && <p role="status">Loading the menu…</p>}
      {menu.data && shown.length === 0 && (
        <p>
          {needle ? `No dish matches “${search}”.` : `Everything is available at ${storeName}.`}
        </p>
      )}
      {menu.data && !needle && shown.length > 0 && (
        <p className="text-stone-700">Off now; search to switch any other dish.</p>
      )}
      <ul className="divide-y divide-stone-200">
        {shown.map((item: ServiceItem) => (
          <li key={item.id} className="py-3">
            <HideButton
              item={item}
              storeName={storeName}
              onToggle={() =>
                void run(setItem({ id: item.id, hidden: !item.hidden, store_id: storeId }))
              }
            />
            <SoldOutSwitch
              name={item.hidden ? `${item.name} (hidden)` : item.name}
              value={item.sold_out}
              until={back(item.sold_out_until)}
              onChange={(sold_out) =>
                void run(setItem({ id: item.id, sold_out, store_id: storeId }))
              }
            />
            {item.options.map((option) => (
              <SoldOutSwitch
                key={option.id}
                small
                name={option.name}
                value={option.sold_out}
                until={back(option.sold_out_until)}
                onChange={(sold_out) =>
                  void run(setOption({ id: option.id, sold_out, store_id: storeId }))
                }
              />
            ))}
          </li>
        ))}
      </ul>
    </section>
  );
}
