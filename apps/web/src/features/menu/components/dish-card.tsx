import { memo, useState, type AnchorHTMLAttributes, type MouseEvent } from 'react';
import type { DietaryTag } from '@servery/contract/allergens';
import { tenancyAssetPath } from '@servery/contract/constants';
import type { MenuListItem } from '@servery/contract/menu';
import type { MoneyFormatter } from '../../../lib/money.ts';
import { dietaryLabel } from '../labels.ts';
import { AllergenFacts } from './allergen-facts.tsx';
import { BADGE, OUTLINE, PRIMARY } from './styles.ts';

const DIET_TONE: Record<DietaryTag, string> = {
  vegetarian: 'bg-emerald-100 text-emerald-900',
  vegan: 'bg-lime-100 text-lime-900',
  halal: 'bg-sky-100 text-sky-900',
  spicy: 'bg-red-100 text-red-900',
};

export function DietaryBadges({ tags }: { tags: readonly DietaryTag[] }) {
  if (tags.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-1" aria-label="Dietary">
      {tags.map((tag) => (
        <li key={tag} className={`${BADGE} ${DIET_TONE[tag]}`}>
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

/**
 * One dish in the menu list. Memoised: filtering or typing in the search box re-renders only
 * the list around the cards, never the cards themselves.
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
      className={`flex h-full flex-col gap-3 rounded-2xl bg-white p-4 shadow-sm [contain-intrinsic-height:auto_14.25rem] [content-visibility:auto] ${item.sold_out ? 'opacity-80' : ''}`}
    >
      <div className="flex gap-3">
        <div className="min-w-0 flex-1">
          <h3 id={titleId} className="text-lg leading-snug font-semibold">
            <DishLink href={detailsPath} onOpen={onOpen} className="block py-0.5 hover:underline">
              {item.name}
            </DishLink>
          </h3>
          {item.description ? (
            <p className="mt-1 line-clamp-2 text-sm text-stone-700">{item.description}</p>
          ) : null}
          <p className="mt-2 flex flex-wrap items-baseline gap-x-3 gap-y-1">
            <span className="font-semibold">{money(item.price)}</span>
            {item.kcal !== null ? (
              <span className="text-sm text-stone-700">{item.kcal} kcal</span>
            ) : null}
            {item.sold_out ? (
              <span className={`${BADGE} bg-stone-800 text-white`}>Sold out</span>
            ) : null}
            {inBasket > 0 ? (
              <span className={`${BADGE} bg-primary text-on-primary`}>{inBasket} in basket</span>
            ) : null}
          </p>
        </div>
        {item.image ? (
          <img
            src={tenancyAssetPath(item.image)}
            alt=""
            width={96}
            height={96}
            loading="lazy"
            decoding="async"
            className="h-24 w-24 shrink-0 rounded-xl bg-stone-100 object-cover"
          />
        ) : null}
      </div>
      <DietaryBadges tags={item.dietary} />
      <div className="mt-auto flex items-start justify-between gap-3">
        <details
          className="min-w-0 flex-1 text-sm"
          onToggle={(event) => setAllergensOpen(event.currentTarget.open)}
        >
          <summary className="cursor-pointer py-1.5 font-medium text-primary underline underline-offset-2">
            Allergen information<span className="sr-only"> for {item.name}</span>
          </summary>
          {allergensOpen ? (
            <div className="mt-2 space-y-1 rounded-lg bg-stone-50 p-3">
              <AllergenFacts allergens={item.allergens} />
              {item.has_modifiers ? (
                <p className="text-stone-700">Choices may add allergens: see the dish’s page.</p>
              ) : null}
            </div>
          ) : null}
        </details>
        {item.sold_out ? (
          <p className="py-2.5 text-sm font-medium text-stone-700">Not available today</p>
        ) : item.has_modifiers ? (
          <DishLink
            href={detailsPath}
            onOpen={onOpen}
            className={OUTLINE}
            aria-label={`Choose options for ${item.name}`}
          >
            Choose options
          </DishLink>
        ) : (
          <button
            type="button"
            className={PRIMARY}
            onClick={() => onAdd(item)}
            aria-label={`Add ${item.name} to basket`}
          >
            Add
          </button>
        )}
      </div>
    </article>
  );
});
