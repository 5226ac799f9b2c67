import { Link, useNavigate, useParams } from 'react-router';
import { refusedWith } from '@servery/contract/error-codes';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useMoney } from '../../../lib/money.ts';
import { useCachedMenu, useGetMenuItemQuery, useGetStoresQuery } from '../api.ts';
import type { AddToCart } from '../cart-line.ts';
import { DietaryBadges } from './dish-card.tsx';
import { DishPhoto } from './dish-photo.tsx';
import { ProductForm } from './product-form.tsx';
import { buttonClass, LINK_CLASS } from '../../../components/ui/button.tsx';
import { formatPhone, telHref } from '@servery/contract/phone-format';

/** product.md §2 /store/{store_id}/product-details/{menu_id}: one dish of a store, with its choices. */
export function ProductDetailsPage({ onAdd }: { onAdd: AddToCart }) {
  const { storeId = '', menuId = '' } = useParams();
  const navigate = useNavigate();
  const money = useMoney();
  // The dish as this store sells it: its own price there (issue 28).
  const item = useGetMenuItemQuery({ itemId: menuId, storeId }, { refetchOnFocus: true });
  const stores = useGetStoresQuery();
  const store = stores.data?.find((s) => s.id === storeId.toLowerCase());
  // Back on the menu, the customer returns to this dish's category (issue 20), when known.
  const category = useCachedMenu(store?.id)?.categories.find((c) =>
    c.items.some((i) => i.id === item.data?.id),
  )?.slug;
  const menuState = category ? { category } : undefined;
  const notFound = refusedWith(item.error, 'not_found') || (stores.data && !store);

  return (
    // Room at the bottom on a phone for the pinned "Add to basket".
    <div className="mx-auto w-full max-w-5xl px-4 pt-6 pb-28 md:pb-16">
      <Link to="/menu" state={menuState} className={LINK_CLASS}>
        ← Back to the menu
      </Link>
      {notFound ? (
        <div className="mt-6">
          <h1 className="text-3xl font-bold">Dish not found</h1>
          <p className="mt-2">This dish is not on the menu of this store any more.</p>
        </div>
      ) : item.isError || stores.isError ? (
        <div role="alert" className="mt-6">
          <h1 className="text-3xl font-bold">Dish details</h1>
          <p className="mt-2">We could not load this dish.</p>
          <button
            type="button"
            className={buttonClass({ variant: 'outline', className: 'mt-3' })}
            onClick={() => {
              void item.refetch();
              void stores.refetch();
            }}
          >
            Try again
          </button>
        </div>
      ) : item.data && store ? (
        <div className="mt-4 grid gap-8 md:grid-cols-[2fr_3fr]">
          <div className="space-y-4">
            {item.data.image ? (
              <DishPhoto
                image={item.data.image}
                sizes="(min-width: 768px) 400px, 100vw"
                width={480}
                height={480}
                className="aspect-[16/10] w-full rounded-2xl bg-stone-100 object-cover md:aspect-square"
              />
            ) : null}
            <div>
              <h1 className="text-3xl font-bold">{item.data.name}</h1>
              <p className="mt-1 text-stone-700">From {store.name}</p>
            </div>
            <p className="flex flex-wrap items-baseline gap-x-3">
              <span className="text-xl font-semibold">{money(item.data.price)}</span>
              {item.data.kcal !== null ? (
                <span className="text-stone-700">{item.data.kcal} kcal per portion</span>
              ) : null}
            </p>
            {item.data.description ? <p>{item.data.description}</p> : null}
            <DietaryBadges tags={item.data.dietary} />
            <p className="text-sm text-stone-700">
              Adults need around 2000 kcal a day. With a food allergy, please call the store on{' '}
              <a href={telHref(store.phone)} className={LINK_CLASS}>
                {formatPhone(store.phone)}
              </a>{' '}
              before ordering.
            </p>
          </div>
          <ProductForm
            key={item.data.id}
            item={item.data}
            storeId={store.id}
            onAdd={onAdd}
            onAdded={() => navigate('/menu', { state: menuState })}
          />
        </div>
      ) : (
        <div className="mt-4 grid gap-8 md:grid-cols-[2fr_3fr]" aria-busy="true">
          <p className="sr-only">Loading the dish…</p>
          <Skeleton className="aspect-square w-full" />
          <div className="space-y-4">
            <Skeleton className="h-10 w-2/3" />
            <Skeleton className="h-32" />
            <Skeleton className="h-32" />
          </div>
        </div>
      )}
    </div>
  );
}
