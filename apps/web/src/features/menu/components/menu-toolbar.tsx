import { memo, useState } from 'react';
import {
  ALLERGENS,
  DIETARY_TAGS,
  type Allergen,
  type DietaryTag,
} from '@servery/contract/allergens';
import { buttonClass } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { inputClass } from '../../../components/ui/input.tsx';
import { Notice } from '../../../components/ui/problem.tsx';
import { allergenList } from '../labels.ts';

/** A tick as a chip sized to its label: several to a row, so the panel stays short on a phone. */
const CHECK =
  'flex min-h-10 cursor-pointer items-center gap-2 rounded-full border border-stone-300 bg-white px-3 py-1.5 text-sm has-[:checked]:border-primary has-[:checked]:bg-stone-100 has-[:focus-visible]:ring-4 has-[:focus-visible]:ring-primary/30';

function toggle<T>(list: readonly T[], value: T): T[] {
  return list.includes(value) ? list.filter((v) => v !== value) : [...list, value];
}

interface TicksProps<K> {
  className: string;
  choices: readonly { key: K; label: string }[];
  ticked: readonly K[];
  onChange: (ticked: K[]) => void;
}

/** A checkbox for each choice; ticking one adds it to the list, unticking takes it out. */
function Ticks<K extends string>({ className, choices, ticked, onChange }: TicksProps<K>) {
  return (
    <div className={className}>
      {choices.map((choice) => (
        <label key={choice.key} className={CHECK}>
          <input
            type="checkbox"
            className="h-4 w-4 shrink-0 accent-primary"
            checked={ticked.includes(choice.key)}
            onChange={() => onChange(toggle(ticked, choice.key))}
          />
          {choice.label}
        </label>
      ))}
    </div>
  );
}

interface MenuToolbarProps {
  query: string;
  onQuery: (query: string) => void;
  avoid: readonly Allergen[];
  onAvoid: (avoid: Allergen[]) => void;
  diets: readonly DietaryTag[];
  onDiets: (diets: DietaryTag[]) => void;
}

/** The search box, and the allergen ("I avoid…") and diet filters behind one button. */
export const MenuToolbar = memo(function MenuToolbar({
  query,
  onQuery,
  avoid,
  onAvoid,
  diets,
  onDiets,
}: MenuToolbarProps) {
  const [open, setOpen] = useState(false);
  const count = avoid.length + diets.length;

  return (
    <div className="space-y-3">
      {/* One row on a phone too (issue 30): the dishes start on the first screen. */}
      <div className="flex items-end gap-2">
        <div className="min-w-0 flex-1">
          <label htmlFor="menu-search" className="block text-sm font-medium">
            Search the menu
          </label>
          <input
            id="menu-search"
            type="search"
            value={query}
            onChange={(event) => onQuery(event.target.value)}
            placeholder="Dish or ingredient"
            autoComplete="off"
            className={inputClass()}
          />
        </div>
        <button
          type="button"
          aria-expanded={open}
          aria-controls="menu-filters"
          onClick={() => setOpen(!open)}
          className={buttonClass({ variant: 'outline', className: 'shrink-0 !px-3 text-sm' })}
        >
          Allergens and diets{count > 0 ? ` (${count})` : ''}
        </button>
      </div>

      <Card id="menu-filters" hidden={!open} className="space-y-3">
        <fieldset aria-describedby="avoid-hint">
          <legend className="font-semibold">I avoid…</legend>
          <p className="mt-1 text-sm text-stone-700" id="avoid-hint">
            Dishes that contain or may contain what you tick are hidden.
          </p>
          <Ticks
            className="mt-2 flex flex-wrap gap-1.5"
            choices={ALLERGENS}
            ticked={avoid}
            onChange={onAvoid}
          />
        </fieldset>
        <fieldset>
          <legend className="font-semibold">Show only</legend>
          <Ticks
            className="mt-2 flex flex-wrap gap-1.5"
            choices={DIETARY_TAGS}
            ticked={diets}
            onChange={onDiets}
          />
        </fieldset>
        {count > 0 ? (
          <button
            type="button"
            onClick={() => {
              onAvoid([]);
              onDiets([]);
            }}
            className="text-sm font-medium text-primary underline underline-offset-2"
          >
            Clear allergen and diet filters
          </button>
        ) : null}
      </Card>

      {avoid.length > 0 ? (
        <Notice>
          Hiding dishes that contain or may contain: {allergenList(avoid)}. Choices you add to a
          dish can bring their own allergens: its page lists them. With a severe allergy, please
          call the store before ordering.
        </Notice>
      ) : null}
    </div>
  );
});
