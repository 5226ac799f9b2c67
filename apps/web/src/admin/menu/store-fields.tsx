import type { UseFormReturn } from 'react-hook-form';
import type { EditableMenu, ItemCreate } from '@servery/contract/menu-editor';
import { inputClass } from '../../components/ui/input.tsx';

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
      {stores.map((store) => (
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
          <label className="text-sm font-semibold">
            {store.name} price (pence, blank for the dish price)
            <input
              type="number"
              className={inputClass({ size: 'lg' })}
              disabled={!store.editable}
              value={prices.find((p) => p.store_id === store.id)?.price ?? ''}
              onChange={(event) => setPrice(store.id, event.target.value)}
            />
          </label>
        </div>
      ))}
    </fieldset>
  );
}
