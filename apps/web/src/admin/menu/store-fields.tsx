import type { ReactNode } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import type { EditableMenu, ItemCreate } from '@servery/contract/menu-editor';
import { inputClass } from '../../components/ui/input.tsx';
import { adminCurrencySign } from '../admin-shop.ts';
import type { DishFormValues } from './dish-form-schema.ts';

/** Which stores sell the dish, and a store's own price where it charges more (or less). */
export function StoreFields({
  form,
  stores,
  error,
  invalid,
}: {
  form: UseFormReturn<DishFormValues, unknown, ItemCreate>;
  stores: EditableMenu['stores'];
  /** The message of a field refused, by its path, drawn under it. */
  error: (name: string) => ReactNode;
  /** A refused field's aria-invalid and aria-describedby (its message), by its path. */
  invalid: (name: string) => object;
}) {
  const prices = form.watch('store_prices') ?? [];
  // A store's own price is listed while something is typed for it, in place as it is typed, so
  // a refusal (`store_prices.N.price`) stays on its field; blank takes it off: the dish's price.
  const setPrice = (storeId: string, text: string) => {
    const at = prices.findIndex((p) => p.store_id === storeId);
    const next =
      text.trim() === ''
        ? prices.filter((p) => p.store_id !== storeId)
        : at === -1
          ? [...prices, { store_id: storeId, price: text }]
          : prices.map((p, index) => (index === at ? { ...p, price: text } : p));
    // Checked again as it is typed once a save was tried, as the registered fields are.
    form.setValue('store_prices', next, {
      shouldDirty: true,
      shouldValidate: form.formState.isSubmitted,
    });
  };
  const sign = adminCurrencySign();
  return (
    <fieldset className="space-y-2">
      <legend className="text-lg font-semibold">Stores</legend>
      {stores.map((store) => {
        const at = prices.findIndex((p) => p.store_id === store.id);
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
                {store.name} price ({sign}, blank for the dish price)
                <input
                  type="text"
                  inputMode="decimal"
                  className={inputClass({ size: 'lg' })}
                  disabled={!store.editable}
                  value={at === -1 ? '' : prices[at]!.price}
                  onChange={(event) => setPrice(store.id, event.target.value)}
                  {...(at === -1 ? {} : invalid(`store_prices.${at}.price`))}
                />
              </label>
              {at !== -1 && error(`store_prices.${at}.price`)}
            </div>
          </div>
        );
      })}
    </fieldset>
  );
}
