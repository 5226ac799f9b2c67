import { memo, useState, type AnchorHTMLAttributes, type MouseEvent } from 'react';
import type { DietaryTag } from '@servery/contract/allergens';
import { DishPhoto } from './dish-photo.tsx';
import type { MenuListItem } from '@servery/contract/menu';
import type { MoneyFormatter } from '../../../lib/money.ts';
import { dietaryLabel } from '../labels.ts';
import { AllergenFacts } from './allergen-facts.tsx';
import { buttonClass } from '../../../components/ui/button.tsx';
import { BADGE_CLASS } from '../../../components/ui/card.tsx';

const DIET_TONE: Record<DietaryTag, string> = {
  vegetarian: 'bg-emerald-100 text-emerald-900',
  vegan: 'bg-lime-100 text-lime-900',
  halal: 'bg-sky-100 text-sky-900',
  spicy: 'bg-red-100 text-red-900',
};

/** A badge on a dish: the one badge look, a size smaller to keep the cards dense on a phone. */
const PILL = `${BADGE_CLASS} text-xs sm:text-sm`;

export function DietaryBadges({ tags }: { tags: readonly DietaryTag[] }) {
  if (tags.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-1" aria-label="Dietary">
      {tags.map((tag) => (
        <li key={tag} className={`${PILL} ${DIET_TONE[tag]}`}>
          {dietaryLabel(tag)}
        </li>
      ))}
    </ul>
  );
}

interface DishLinkProps extends AnchorHTMLAttributes<HTMLAnchorElement> {
  href: string;
  onOpen: (path: string) => void;
}

/**
 * A link to a page of the app that opens it in place on a plain click, as the router's Link
 * does; a new tab or window is the browser's as usual. A menu has hundreds of these: a plain
 * anchor costs far less to render than a Link, which resolves its path and reads the location.
 */
function DishLink({ href, onOpen, ...rest }: DishLinkProps) {
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) {
      return;
    }
    event.preventDefault();
    onOpen(href);
  };
  return <a href={href} onClick={handleClick} {...rest} />;
}

interface DishCardProps {
  item: MenuListItem;
  storeId: string;
  money: MoneyFormatter;
  /** How many of this dish the basket holds already. */
  inBasket?: number;
  onAdd: (item: MenuListItem) => void;
  /** Opens a page of the app (the dish's details). */
  onOpen: (path: string) => void;
}

/** The card's buttons sit above its link, which covers the whole card. */
const ADD = buttonClass({ className: 'relative z-10 shadow-md' });
const OPTIONS = buttonClass({ variant: 'outline', className: 'relative z-10 shadow-md' });

/**
 * One dish in the menu list: dense on a phone (five to a screen), the whole card opening the
 * dish's page, its add button on the picture's corner. Memoised: filtering or typing in the
 * search box re-renders only the list around the cards, never the cards themselves.
 */
export const DishCard = memo(function DishCard({
  item,
  storeId,
  money,
  inBasket = 0,
  onAdd,
  onOpen,
}: DishCardProps) {
  const detailsPath = `/store/${storeId}/product-details/${item.id}`;
  const [allergensOpen, setAllergensOpen] = useState(false);
  const titleId = `dish-${item.id}`;

  return (
    <article
      aria-labelledby={titleId}
      // Off screen, a card skips layout and paint and holds about its height (long categories).
      className={`relative flex h-full gap-3 rounded-2xl bg-white px-3 py-2.5 shadow-sm [contain-intrinsic-height:auto_7.5rem] [content-visibility:auto] hover:shadow-md sm:p-4 ${item.sold_out ? 'opacity-80' : ''}`}
    >
      <div className="min-w-0 flex-1">
        <h3 id={titleId} className="leading-snug font-semibold sm:text-lg">
          {/* Stretched over the card: a tap anywhere on it opens the dish. */}
          <DishLink
            href={detailsPath}
            onOpen={onOpen}
            className="after:absolute after:inset-0 after:rounded-2xl hover:underline"
          >
            {item.name}
          </DishLink>
        </h3>
        {item.description ? (
          <p className="mt-0.5 line-clamp-1 text-sm text-stone-700 sm:line-clamp-2">
            {item.description}
          </p>
        ) : null}
        <div className="mt-1.5 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
          <span className="text-base font-semibold">{money(item.price)}</span>
          {item.kcal !== null ? <span className="text-stone-700">{item.kcal} kcal</span> : null}
          {item.sold_out ? (
            <span className={`${PILL} bg-stone-800 text-white`}>Sold out</span>
          ) : null}
          {inBasket > 0 ? (
            <span className={`${PILL} bg-primary text-on-primary`}>{inBasket} in basket</span>
          ) : null}
          <details
            className="relative z-10 open:basis-full"
            onToggle={(event) => setAllergensOpen(event.currentTarget.open)}
          >
            <summary className="cursor-pointer py-1 font-medium text-primary underline underline-offset-2">
              Allergens<span className="sr-only"> for {item.name}</span>
            </summary>
            {allergensOpen ? (
              <div className="mt-1 space-y-1 rounded-lg bg-stone-50 p-3">
                <AllergenFacts allergens={item.allergens} />
                {item.has_modifiers ? (
                  <p className="text-stone-700">Choices may add allergens: see the dish’s page.</p>
                ) : null}
              </div>
            ) : null}
          </details>
          <DietaryBadges tags={item.dietary} />
        </div>
      </div>
      <div className="flex w-20 shrink-0 flex-col items-end justify-end sm:w-24">
        {item.image ? (
          <DishPhoto
            image={item.image}
            sizes="(min-width: 640px) 96px, 80px"
            width={80}
            height={80}
            loading="lazy"
            decoding="async"
            className="h-20 w-20 rounded-xl bg-stone-100 object-cover sm:h-24 sm:w-24"
          />
        ) : null}
        <div className={item.image && !item.sold_out ? '-mt-6' : ''}>
          {item.sold_out ? (
            <p className="py-2 text-center text-xs font-medium text-stone-700">
              Not available today
            </p>
          ) : item.has_modifiers ? (
            <DishLink
              href={detailsPath}
              onOpen={onOpen}
              className={OPTIONS}
              aria-label={`Choose options for ${item.name}`}
            >
              Options
            </DishLink>
          ) : (
            <button
              type="button"
              className={ADD}
              onClick={() => onAdd(item)}
              aria-label={`Add ${item.name} to basket`}
            >
              Add
            </button>
          )}
        </div>
      </div>
    </article>
  );
});
