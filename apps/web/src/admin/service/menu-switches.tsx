import { useId, useState, type ReactNode } from 'react';
import { dateFormat } from '@servery/contract/clock';
import type { ServiceItem, SoldOutState } from '@servery/contract/service';
import { adminErrorMessage, useSessionQuery } from '../admin-api.ts';
import { Button } from '../../components/ui/button.tsx';
import { CARD_CLASS } from '../../components/ui/card.tsx';
import { ProblemLine } from '../../components/ui/problem.tsx';
import { inputClass } from '../../components/ui/input.tsx';
import { ScopeLine } from './scope-line.tsx';
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

/**
 * One dish or option on one row: its name first, then its three large choices (a radio group,
 * one tap each) and, for a dish, its Hide button; on a phone the choices wrap under the name.
 * The row is a group named by the dish, and so are its choices (a radiogroup).
 */
function SoldOutRow({
  name,
  value,
  until,
  note,
  small,
  children,
  onChange,
}: {
  name: string;
  value: SoldOutState;
  /** When "out today" ends, already worded ("back Wed 11:00"). */
  until: string | null;
  /** A word under the name (whether the dish is on this store's menu). */
  note?: string;
  small?: boolean;
  /** What else the row offers, after the choices (the dish's Hide button). */
  children?: ReactNode;
  onChange: (value: SoldOutState) => void;
}) {
  const group = useId();
  return (
    <div
      role="group"
      aria-labelledby={`${group}-name`}
      className={`flex flex-wrap items-center gap-x-4 gap-y-2 ${small ? 'mt-2 pl-4' : ''}`}
    >
      <div className="min-w-48 flex-1">
        <p id={`${group}-name`} className={small ? 'text-base' : 'text-lg font-semibold'}>
          {name}
          {value === 'today' && until ? (
            <>
              {' '}
              <span className="ml-1 text-sm font-normal text-stone-700">back {until}</span>
            </>
          ) : null}
        </p>
        {note && <p className="text-sm text-stone-700">{note}</p>}
      </div>
      {/* The choices are a radio group named by the dish, so a screen reader says "Lamb rogan
          josh, Out today" and not "Out today" forty times (walk 2, item 31). */}
      <div
        role="radiogroup"
        aria-labelledby={`${group}-name`}
        className="grid w-full grid-cols-3 gap-1 rounded-xl bg-stone-100 p-1 sm:w-96"
      >
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
      {children}
    </div>
  );
}

/**
 * Hidden: off this store's menu altogether (not "sold out"), until shown again (issue 28). The
 * button reads Hide or Show beside the dish's name; its full name names the dish and the store,
 * as everything on this screen changes that store only.
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
    <Button
      variant="outline"
      size="lg"
      className="w-24 shrink-0"
      aria-label={`${item.hidden ? 'Show' : 'Hide'} ${item.name} at ${storeName}`}
      onClick={onToggle}
    >
      {item.hidden ? 'Show' : 'Hide'}
    </Button>
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
      ? dateFormat({ timeZone, weekday: 'short', hour: '2-digit', minute: '2-digit' }).format(
          new Date(until),
        )
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
      <div>
        <h2 id="menu-heading" className="text-2xl font-bold">
          Sold out at {storeName}
        </h2>
        <ScopeLine store={storeName} />
      </div>
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
            <SoldOutRow
              name={item.hidden ? `${item.name} (hidden)` : item.name}
              note={item.hidden ? `Hidden from ${storeName}’s menu` : undefined}
              value={item.sold_out}
              until={back(item.sold_out_until)}
              onChange={(sold_out) =>
                void run(setItem({ id: item.id, sold_out, store_id: storeId }))
              }
            >
              <HideButton
                item={item}
                storeName={storeName}
                onToggle={() =>
                  void run(setItem({ id: item.id, hidden: !item.hidden, store_id: storeId }))
                }
              />
            </SoldOutRow>
            {item.options.map((option) => (
              <SoldOutRow
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
