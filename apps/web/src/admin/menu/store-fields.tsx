import type { UseFormReturn } from 'react-hook-form';
import type { EditableMenu, ItemCreate } from '@servery/contract/menu-editor';
import { inputClass } from '../../components/ui/input.tsx';
import { adminMoney } from '../admin-shop.ts';

/** Which stores sell the dish, and a store's own price where it charges more (or less). */
export function StoreFields({
  form,
  stores,
}: {
  form: UseFormReturn<ItemCreate>;
  stores: EditableMenu['stores'];
}) {
  const prices = form.watch('store_prices') ?? [];
  const setPrice = (storeId: string, text: string) => {
    const rest = prices.filter((p) => p.store_id !== storeId);
    const price = Number(text);
    const next =
      text === '' || !Number.isInteger(price) ? rest : [...rest, { store_id: storeId, price }];
    form.setValue('store_prices', next, { shouldDirty: true });
  };
  return (
    <fieldset className="space-y-2">
      <legend className="text-lg font-semibold">Stores</legend>
      {stores.map((store) => {
        const own = prices.find((p) => p.store_id === store.id)?.price;
        return (
          <div
            key={store.id}
            className="grid items-center gap-x-3 sm:grid-cols-[minmax(0,1fr)_14rem]"
          >
            <label className="flex min-h-12 items-center gap-3">
              <input
                type="checkbox"
                className="size-6"
                value={store.id}
                disabled={!store.editable}
                {...form.register('store_ids')}
              />
              Sold at {store.name}
            </label>
            <div>
              <label className="text-sm font-semibold">
                {store.name} price (pence, blank for the dish price)
                <input
                  type="number"
                  className={inputClass({ size: 'lg' })}
                  disabled={!store.editable}
                  aria-describedby={own === undefined ? undefined : `price-at-${store.id}`}
                  value={own ?? ''}
                  onChange={(event) => setPrice(store.id, event.target.value)}
                />
              </label>
              {own !== undefined && <PoundsReadout id={`price-at-${store.id}`} pence={own} />}
            </div>
          </div>
        );
      })}
    </fieldset>
  );
}

/**
 * What a price typed in pence comes to in the shop's currency, beside the field (walk 2,
 * finding 26): "895" reads "£8.95 on the menu" before it is saved.
 */
export function PoundsReadout({ id, pence }: { id: string; pence: unknown }) {
  const valid = typeof pence === 'number' && Number.isInteger(pence) && pence >= 0;
  return (
    <span id={id} className="block text-sm font-normal text-stone-700">
      {valid ? `${adminMoney(pence)} on the menu` : 'Whole pence, such as 895'}
    </span>
  );
}
