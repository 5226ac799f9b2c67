import { useEffect, useRef, useState, type FormEvent } from 'react';
import { CART_NOTE_MAX_LENGTH } from '@servery/contract/cart';
import type { MenuItemDetail, ModifierGroup } from '@servery/contract/menu';
import {
  MAX_LINE_QUANTITY,
  groupRule,
  linePrice,
  selectionProblems,
  unitPrice,
} from '@servery/contract/pricing';
import { useMoney, type MoneyFormatter } from '../../../lib/money.ts';
import { chosenLine, type AddToCart } from '../cart-line.ts';
import {
  chosenAllergens,
  isSingleChoice,
  optionDisabled,
  selectionsOf,
  toggleChoice,
  type Choices,
} from '../product-choices.ts';
import { AllergenFacts } from './allergen-facts.tsx';
import { buttonClass } from '../../../components/ui/button.tsx';
import { CARD_CLASS } from '../../../components/ui/card.tsx';
import { inputClass } from '../../../components/ui/input.tsx';

interface ProductFormProps {
  item: MenuItemDetail;
  storeId: string;
  onAdd: AddToCart;
  /** After the line went into the cart. */
  onAdded?: () => void;
}

const STEP =
  'grid h-11 w-11 place-items-center rounded-full border border-stone-400 bg-white text-xl font-semibold outline-offset-2 disabled:opacity-40';

/**
 * The dish's choices, quantity and note, with the price as it will be charged (pricing.ts).
 * "Add to basket" refuses an incomplete choice and says what each group still needs.
 */
export function ProductForm({ item, storeId, onAdd, onAdded }: ProductFormProps) {
  const money = useMoney();
  const [choices, setChoices] = useState<Choices>({});
  const [quantity, setQuantity] = useState(1);
  const [note, setNote] = useState('');
  const [attempted, setAttempted] = useState(false);
  const [focusRequest, setFocusRequest] = useState(0);
  const [adding, setAdding] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  const selections = selectionsOf(item, choices);
  const problems = selectionProblems(item, selections);
  const unit = unitPrice(item, selections);
  const allergens = chosenAllergens(item, choices);

  // After a refused attempt, focus goes to the first group that needs something.
  useEffect(() => {
    if (focusRequest === 0) return;
    formRef.current
      ?.querySelector<HTMLElement>('fieldset[data-problem="true"] input:not([disabled])')
      ?.focus();
  }, [focusRequest]);

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (item.sold_out || adding) return;
    if (Object.keys(problems).length > 0) {
      setAttempted(true);
      setFocusRequest((n) => n + 1);
      return;
    }
    setAdding(true);
    const added = await onAdd(chosenLine(item, storeId, selections, quantity, note));
    setAdding(false);
    if (added) onAdded?.();
  };

  return (
    <form ref={formRef} onSubmit={handleSubmit} noValidate className="space-y-6">
      <section aria-labelledby="allergens-title" className={CARD_CLASS}>
        <h2 id="allergens-title" className="text-lg font-semibold">
          Allergens
        </h2>
        <div className="mt-2 text-sm" aria-live="polite">
          <AllergenFacts allergens={allergens} />
        </div>
        {item.modifier_groups.length > 0 ? (
          <p className="mt-2 text-sm text-stone-700">
            Includes the allergens of the choices you make below.
          </p>
        ) : null}
      </section>

      {item.modifier_groups.map((group) => (
        <GroupField
          key={group.id}
          group={group}
          choices={choices}
          problem={attempted ? problems[group.id] : undefined}
          money={money}
          onToggle={(optionId, checked) =>
            setChoices((current) => toggleChoice(current, group, optionId, checked))
          }
        />
      ))}

      <div className="flex flex-wrap items-center gap-3">
        <span id="quantity-label" className="font-semibold">
          Quantity
        </span>
        <div role="group" aria-labelledby="quantity-label" className="flex items-center gap-3">
          <button
            type="button"
            className={STEP}
            onClick={() => setQuantity((q) => Math.max(1, q - 1))}
            disabled={quantity <= 1}
            aria-label="Decrease quantity"
          >
            −
          </button>
          <output aria-live="polite" className="w-8 text-center text-lg font-semibold">
            {quantity}
          </output>
          <button
            type="button"
            className={STEP}
            onClick={() => setQuantity((q) => Math.min(MAX_LINE_QUANTITY, q + 1))}
            disabled={quantity >= MAX_LINE_QUANTITY}
            aria-label="Increase quantity"
          >
            +
          </button>
        </div>
      </div>

      <div>
        <label htmlFor="dish-note" className="block font-semibold">
          Note for the kitchen (optional)
        </label>
        <textarea
          id="dish-note"
          value={note}
          onChange={(event) => setNote(event.target.value.slice(0, CART_NOTE_MAX_LENGTH))}
          maxLength={CART_NOTE_MAX_LENGTH}
          rows={2}
          aria-describedby="dish-note-count"
          placeholder="For example: no coriander, please"
          className={inputClass()}
        />
        <p id="dish-note-count" className="mt-1 text-right text-sm text-stone-700">
          {note.length}/{CART_NOTE_MAX_LENGTH}
        </p>
      </div>

      {attempted && Object.keys(problems).length > 0 ? (
        <p className="font-medium text-red-800">Please complete the choices marked above.</p>
      ) : null}

      {/* On a phone the dish's one action is pinned to the bottom of the screen, in reach
          wherever the reader is on the page. */}
      <div className="fixed inset-x-0 bottom-0 z-30 border-t border-stone-200 bg-white/95 px-4 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] shadow-[0_-2px_8px_rgb(0_0_0/0.08)] md:static md:border-0 md:bg-transparent md:p-0 md:shadow-none">
        {item.sold_out ? (
          <p className="rounded-lg bg-stone-200 px-4 py-3 font-semibold">
            Sold out: this dish cannot be ordered right now.
          </p>
        ) : (
          <button
            type="submit"
            className={buttonClass({ className: 'w-full py-3 text-lg' })}
            disabled={adding}
          >
            Add to basket · {money(linePrice(unit, quantity))}
          </button>
        )}
      </div>
    </form>
  );
}

interface GroupFieldProps {
  group: ModifierGroup;
  choices: Choices;
  problem: string | undefined;
  money: MoneyFormatter;
  onToggle: (optionId: string, checked: boolean) => void;
}

function GroupField({ group, choices, problem, money, onToggle }: GroupFieldProps) {
  const chosen = choices[group.id] ?? [];
  const single = isSingleChoice(group);
  const name = `group-${group.id}`;
  const ruleId = `${name}-rule`;
  const problemId = `${name}-problem`;
  const OPTION =
    'flex min-h-12 cursor-pointer items-center gap-3 rounded-lg border border-stone-300 bg-white px-3 py-2 has-[:checked]:border-primary has-[:disabled]:cursor-not-allowed has-[:disabled]:bg-stone-100 has-[:focus-visible]:ring-4 has-[:focus-visible]:ring-primary/30';

  return (
    <fieldset
      aria-describedby={problem ? `${ruleId} ${problemId}` : ruleId}
      data-problem={problem ? 'true' : undefined}
      className={`${CARD_CLASS} ${problem ? 'ring-2 ring-red-700' : ''}`}
    >
      <legend className="float-left w-full">
        <span className="text-lg font-semibold">{group.name}</span>
      </legend>
      <p id={ruleId} className="clear-both text-sm text-stone-700">
        {groupRule(group)}
        {group.required ? ' (required)' : ' (optional)'}
      </p>
      {problem ? (
        <p id={problemId} className="mt-1 text-sm font-medium text-red-800">
          {problem}
        </p>
      ) : null}
      <div className="mt-3 grid gap-2">
        {single && !group.required ? (
          <label className={OPTION}>
            <input
              type="radio"
              name={name}
              className="h-4 w-4 accent-primary"
              checked={chosen.length === 0}
              onChange={() => onToggle('', true)}
            />
            <span className="flex-1">None</span>
          </label>
        ) : null}
        {group.options.map((option) => (
          <label key={option.id} className={OPTION}>
            <input
              type={single ? 'radio' : 'checkbox'}
              name={name}
              value={option.id}
              className="h-4 w-4 accent-primary"
              checked={chosen.includes(option.id)}
              disabled={optionDisabled(group, choices, option)}
              onChange={(event) => onToggle(option.id, event.target.checked)}
            />
            <span className="flex-1">
              {option.name}
              {option.sold_out ? <span className="text-stone-700"> (sold out)</span> : null}
            </span>
            {option.price_delta !== 0 ? (
              <span className="text-sm text-stone-800">
                {option.price_delta > 0 ? '+' : ''}
                {money(option.price_delta)}
              </span>
            ) : null}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
